import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { joinPlain } from '../shared/paths.js';
import type { Lang } from '../shared/config.js';
import { issueStateOf, LOCAL_ISSUES_DIR } from '../issues/index.js';
import { acceptedBy } from './candidates.js';
import { isOwn, originOf } from './origin.js';
import { startText } from './messages/start.js';
import { clip, withMark } from './prompt.js';
import { handoffPrompt } from './snapshot.js';
import { HANDOVER_DIR } from './store-names.js';
import type { IndexEntry } from './store.js';

/** The SessionStart output bound (characters), from the product contract. */
export const SESSION_START_LIMIT = 2000;

/**
 * Issues among `entries` that are closed: the local tracker's file when there is one (read by the issue
 * format's own reader, src/issues/local/format.ts), else the state the snapshot recorded when it was written.
 */
export function closedIssues(root: string, entries: readonly IndexEntry[]): Set<number> {
  const out = new Set<number>();
  const dir = joinPlain(root, LOCAL_ISSUES_DIR);
  // One listing, not a failed open per issue (each failure throws: ~50 µs apiece in a cold hook).
  let files: ReadonlySet<string>;
  try {
    files = new Set(readdirSync(dir));
  } catch {
    files = new Set();
  }
  for (const e of entries) {
    if (e.issue_id === null || out.has(e.issue_id)) continue;
    let state = e.issue_state ?? null;
    if (files.has(`${e.issue_id}.md`)) {
      try {
        state = issueStateOf(readFileSync(path.join(dir, `${e.issue_id}.md`), 'utf8')) ?? state;
      } catch {
        // unreadable: keep what the snapshot recorded
      }
    }
    if (state === 'closed') out.add(e.issue_id);
  }
  return out;
}

/** Per-clone sharing state (share.ts writes it): this clone's id, the last fetch, pending shares. */
export const SHARE_STATE_FILE = path.join(HANDOVER_DIR, 'share.json');
/** Past this age, SessionStart says the remote may hold newer handovers. */
export const FETCH_STALE_MS = 60 * 60 * 1000;

/** This clone's sharing state, from local state only (share.ts writes it): its id and last fetch (NaN: never). */
export function shareState(root: string): { clone: string | null; lastFetch: number } {
  let state: { clone_id?: unknown; last_fetch?: unknown } = {};
  try {
    state = JSON.parse(readFileSync(joinPlain(root, SHARE_STATE_FILE), 'utf8')) as typeof state;
  } catch {
    // never shared nor fetched here
  }
  return {
    clone: typeof state?.clone_id === 'string' ? state.clone_id : null,
    lastFetch: typeof state?.last_fetch === 'string' ? Date.parse(state.last_fetch) : NaN,
  };
}

/** The SessionStart line when sharing is in use (config, or anything fetched before) and the last fetch is old or never happened. */
export function shareNote(state: { lastFetch: number }, sharing: boolean, now: Date, lang: Lang): string {
  const stale = Number.isNaN(state.lastFetch) ? sharing : now.getTime() - state.lastFetch > FETCH_STALE_MS;
  return stale ? startText(lang).notFetched : '';
}

/** Adds a line to a prompt within the bound, the prompt first. */
export function withNote(text: string, note: string): string {
  if (!note) return text;
  const room = SESSION_START_LIMIT - note.length - 2;
  return `${text.trimEnd().slice(0, Math.max(0, room))}\n${note}\n`;
}

/** HANDOFF_PROMPT lines a start never drops (issue 22): every decision, and an automatic snapshot's newest request. */
const KEEP = /^(?:Decisions|決定|The user's last request|ユーザーの最後の依頼): /;
const DECISIONS = /^(?:Decisions|決定): /;

/**
 * Keeps whole lines: prompt lines are dropped from the end first, never the decisions or the user's request,
 * so the id and next call survive. When those alone are too long, the request is shortened, then the
 * decisions are cut after a whole one and the line says how many more and which call shows them. A
 * shortened request keeps the mark that says where the rest is (`cut`).
 */
function fit(prompt: string[], tail: string[], limit: number, more: (n: number) => string, cut: string): string {
  const lines = [...prompt];
  const text = () => [...lines, ...tail].join('\n');
  for (let i = lines.length - 1; i >= 0 && text().length > limit; i--) if (!KEEP.test(lines[i]!)) lines.splice(i, 1);
  const over = () => text().length - limit;
  const req = lines.findIndex((l) => KEEP.test(l) && !DECISIONS.test(l));
  if (over() > 0 && req >= 0) {
    // The mark as a snapshot wrote it, with or without the space before it (withMark; older snapshots had one in ja too).
    const whole = lines[req]!.endsWith(cut) ? lines[req]!.slice(0, -cut.length).trimEnd() : lines[req]!;
    const mark = withMark('', cut).length;
    lines[req] = withMark(clip(whole, Math.max(200, lines[req]!.length - over() - mark)), cut);
  }
  const dec = lines.findIndex((l) => DECISIONS.test(l));
  if (over() > 0 && dec >= 0) {
    const parts = lines[dec]!.split(/ (?=\(\d+\) )/);
    for (let n = parts.length - 1; n >= 1 && over() > 0; n--) lines[dec] = withMark(parts.slice(0, n).join(' '), more(parts.length - n));
  }
  const out = text();
  return out.length > limit ? `${out.slice(0, limit - 1)}…` : out;
}

/** One line on automatic checkpoints newer than the deliberate snapshot offered (newest first). */
export function newerAutoLine(autos: readonly IndexEntry[], lang: Lang): string {
  const a = autos[0];
  if (!a) return '';
  const n = autos.reduce((sum, x) => sum + (x.touched ?? 0), 0);
  return startText(lang).newerAuto(a.handover_id, a.trigger ?? 'auto', a.created_at, n);
}

/** The line naming a checkpoint this start just recovered from an ended session. */
export function recoveredLine(e: IndexEntry, lang: Lang): string {
  return startText(lang).recovered(e.handover_id, e.touched ?? 0);
}

/** No candidate: one line; when a closed issue's snapshot was held back, that line says so. */
/** `guardOff`: the guard applied here is mode off (committed and in the work tree), so "instead of git" would be untrue. */
export function startPromptNone(root: string, lang: Lang, closed: readonly IndexEntry[], guardOff = false): string {
  const ids = [...new Set(closed.map((e) => `#${e.issue_id}`))].slice(0, 3).join(', ');
  const t = startText(lang);
  return (guardOff ? t.noneGuardOff : t.none)(ids ? t.closed(ids) : '', root);
}

/** Several candidates: name them and ask; never pick one. */
export function startPromptMany(root: string, me: string | null, candidates: readonly IndexEntry[], lang: Lang): string {
  const ids = candidates
    .slice(0, 3)
    .map((c) => `${c.handover_id} (${c.source_brain})`)
    .join(', ');
  const own = candidates.filter((c) => c.source_brain === me || acceptedBy(c)?.by === me).length;
  const tool = own === 0 ? 'handover_accept' : own === candidates.length ? 'handover_resume' : 'handover_resume / handover_accept';
  const who = me ?? 'any';
  const text = startText(lang).many(candidates.length, who, ids, root, tool);
  return `${text.slice(0, SESSION_START_LIMIT)}\n`;
}

/**
 * One candidate: its HANDOFF_PROMPT (decisions and blockers included), then the id, drift and the
 * next call. A snapshot this brain wrote or already accepted is resumed; anything else is accepted.
 */
export function startPromptOne(
  root: string,
  e: IndexEntry,
  me: string | null,
  snapshot: string,
  driftLine: string,
  compact: boolean,
  lang: Lang,
  notes: string[] = [],
): string {
  const own = e.source_brain === me || (me !== null && acceptedBy(e)?.by === me);
  const tool = own ? 'handover_resume' : 'handover_accept';
  // Accepted from elsewhere: still another clone's words, so quoted and said to be data (issue #23).
  const quoted = !isOwn(e);
  const prompt = handoffPrompt(snapshot)
    .split('\n')
    .filter(Boolean)
    .map((l) => (quoted ? `> ${l}` : l));
  if (quoted) notes = [foreignLine([e], lang), ...notes];
  const t = startText(lang);
  const from = e.source_brain === me ? '' : t.from(e.source_brain);
  const call = `work_session_start(project_root="${root}") → ${tool}(handover_id="${e.handover_id}")`;
  const kind = e.mode === 'auto' ? t.auto(e.trigger ?? 'auto') : 'handover';
  const tail = [t.header(kind, e.handover_id, from, e.created_at), ...(driftLine ? [driftLine] : []), ...notes, t.next(call)];
  // After a compaction the context lost them too: the summary, then the decisions and the request.
  const shown = compact ? [...prompt.slice(0, 1), ...prompt.slice(1).filter((l) => KEEP.test(l))] : prompt;
  const more = (n: number) => t.moreDecisions(n, `handover_read(handover_id="${e.handover_id}")`);
  return `${fit(shown, tail, SESSION_START_LIMIT, more, startText(lang).cut)}\n`;
}

/**
 * Handovers not written in this clone (origin.ts): one line of quoted data, id, origin and author,
 * the summary cut short in quotes; the agent is told to ask, never to act (issue #23).
 */
export function foreignLine(foreign: readonly IndexEntry[], lang: Lang): string {
  if (!foreign.length) return '';
  const t = startText(lang);
  const items = foreign
    .slice(0, 2)
    .map((e) => {
      const from = originOf(e) === 'shared' ? t.shared(e.author ?? '?') : t.committed;
      const said = e.summary.replace(/\s+/g, ' ').replace(/["“”]/g, "'").slice(0, 100);
      return `${e.handover_id} (${from}, ${e.source_brain} → ${e.target_brain}, "${said}")`;
    })
    .join('; ');
  return t.foreign(items + (foreign.length > 2 ? ` (+${foreign.length - 2})` : ''));
}
