import { strings } from './i18n.js';
import type { Lang } from '../shared/config.js';

/** The summary's bound in characters (the first one or two sentences: docs/decisions.md D5). */
export const SUMMARY_MAX = 160;
/**
 * The newest request in an automatic snapshot's prompt: whole up to this; the snapshot has the rest. Near
 * the SessionStart bound, so a long message of instructions reaches the next start whole (field trial F:
 * at 1,000 the last instruction, "don't publish", was cut); the start drops other lines before it.
 */
const REQUEST_MAX = 1800;
const BLOCKERS_MAX = 240;
const NEXT_MAX = 240;

/** Shortens at a word boundary (any character for scripts without spaces) and says so with "…". */
export function clip(text: string, max: number): string {
  const t = text.trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * A text and the note after it that says where the rest is: a space before it, none before a Japanese note that
 * opens with a full-width parenthesis (field trial, Dec 5: "…pass。 （続きは handover_read）").
 */
export const withMark = (text: string, note: string): string => `${text}${note.startsWith('（') ? '' : ' '}${note}`;

/**
 * The first one or two whole sentences of a notes line, within SUMMARY_MAX; a line with no sentence
 * end that fits stays whole. Only a first sentence longer than the bound is cut, and ends with "…".
 */
export function summarize(line: string): string {
  const sentences = line
    .trim()
    .split(/(?<=[.!?])\s+|(?<=[。！？])/)
    .filter(Boolean);
  let out = '';
  for (const s of sentences.slice(0, 2)) {
    const next = out ? `${out}${/[。！？]$/.test(out) ? '' : ' '}${s}` : s;
    if (next.length > SUMMARY_MAX) break;
    out = next;
  }
  return out || clause(line.trim());
}

/**
 * A first sentence too long for the summary, shortened at its last clause break that fits (", ", "; ",
 * ": ", " - ", "、") rather than mid-phrase: field trial G's successor stopped at "… working…". A break
 * inside a parenthesis moves to before it: field trial I's summary ended "in two records (326f4688d5bb…".
 */
function clause(line: string): string {
  const head = line.slice(0, SUMMARY_MAX - 1);
  let at = Math.max(...[', ', '; ', ': ', ' - ', ' — ', '、', '，'].map((b) => head.lastIndexOf(b)));
  const open = unclosed(head.slice(0, Math.max(at, 0)));
  if (open >= 0) at = open;
  return at > SUMMARY_MAX * 0.4 ? `${head.slice(0, at).trimEnd()}…` : clip(line, SUMMARY_MAX);
}

/** Where the outermost parenthesis still open at the end of `text` starts, or -1. */
function unclosed(text: string): number {
  const opens: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(' || text[i] === '（') opens.push(i);
    else if ((text[i] === ')' || text[i] === '）') && opens.length) opens.pop();
  }
  return opens[0] ?? -1;
}

/** Items joined while they fit `max`, then how many more the section holds. */
function joinFitting(items: string[], max: number, more: (n: number) => string, cut: string): string {
  let out = '';
  let n = 0;
  for (const raw of items) {
    // Items are joined with "; ": a full stop the author ended one with would read "split.; n …".
    const item = raw.replace(/[.。]\s*$/, '');
    const next = out ? `${out}; ${item}` : item;
    if (next.length > max && n > 0) break;
    out = next.length > max ? withMark(clip(next, max), cut) : next;
    n++;
  }
  return n < items.length ? withMark(out, more(items.length - n)) : out;
}

/**
 * A user's or agent's words cut to fit the prompt: the cut is marked and names the call that shows the whole
 * text (issue 22: never cut silently).
 */
function fit(text: string, max: number, cut: string): string {
  const t = text.trim();
  return t.length <= max ? t : withMark(clip(t, max), cut);
}

export interface PromptInput {
  lang: Lang;
  summary: string;
  /** The notes line the summary was taken from, whole; when the summary is shorter, the cut is marked. */
  summarySource?: string | null;
  scope: string;
  finished: boolean;
  readTool: string;
  handoverId: string;
  next: string;
  decisions: string[];
  blockers: string[];
  /** Open points waiting on the user. */
  waiting?: string[];
  caution: string | null;
  /** Automatic snapshots: the user's newest request. */
  lastRequest?: string | null;
}

/** Every decision, verbatim, on one line: numbered when there are several (issue 22: none folded away). */
export function decisionsText(decisions: readonly string[]): string {
  return decisions.length === 1 ? decisions[0]!.trim() : decisions.map((d, i) => `(${i + 1}) ${d.trim()}`).join(' ');
}

/**
 * HANDOFF_PROMPT, 3–8 lines, most important first: the summary, what to do, the three steps, then
 * (automatic snapshots) the user's newest request, every decision whole, the blockers, what waits on the user, then one caution.
 * The SessionStart hook drops lines from the end to fit its budget, so their order is their rank.
 */
export function buildPrompt(p: PromptInput): string[] {
  const t = strings(p.lang);
  const cut = t.prompt.cut;
  const whole = p.summarySource?.trim();
  const lines = [
    // The summary is one or two sentences (docs/decisions.md D5); the rest of the note is in CURRENT_STATE.
    // Cut inside a sentence ("…"): the cut mark. Whole sentences with more note after them: where the rest is
    // (trial H: a whole first sentence marked "cut" read as lost words).
    whole && whole !== p.summary ? withMark(p.summary, p.summary.endsWith('…') ? cut : t.prompt.moreNote) : p.summary,
    // The brain's own snapshot (suspend, automatic checkpoints) is resumed, not taken over.
    p.finished ? t.prompt.finished(p.scope) : p.readTool === 'handover_resume' ? t.prompt.resume(p.scope) : t.prompt.takeOver(p.scope),
    t.prompt.start,
    t.prompt.read(p.readTool, p.handoverId),
  ];
  // Finished work has nothing to continue unless the author said what (field trial: "finished … resume the work").
  if (!(p.finished && p.next === t.defaultNext)) lines.push(t.prompt.continueWith(fit(p.next, NEXT_MAX, cut)));
  if (p.lastRequest) lines.push(t.prompt.lastRequest(fit(p.lastRequest, REQUEST_MAX, cut)));
  if (p.decisions.length) lines.push(t.prompt.decisions(decisionsText(p.decisions)));
  // Blockers and what waits on the user share one line, so the prompt stays within D5's 8 lines.
  const more = t.prompt.moreIn('BLOCKED / PENDING');
  const open = [
    p.blockers.length ? t.prompt.blocked(joinFitting(p.blockers, BLOCKERS_MAX, more, cut)) : '',
    p.waiting?.length ? t.prompt.waiting(joinFitting(p.waiting, BLOCKERS_MAX, more, cut)) : '',
  ].filter(Boolean);
  if (open.length) lines.push(open.join(' '));
  // At most 8 lines (docs/decisions.md D5): the user's request outranks the caution.
  if (p.caution && lines.length < 8) lines.push(t.prompt.caution(fit(p.caution, NEXT_MAX, cut)));
  return lines;
}
