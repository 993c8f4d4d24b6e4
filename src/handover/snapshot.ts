import { type Carried, NOTHING_CARRIED, once } from './carry.js';
import { strings } from './i18n.js';
import type { ParsedNotes } from './notes.js';
import { buildPrompt, clip, summarize } from './prompt.js';
import { MAX_SNAPSHOT_LINES, SECTIONS, type SectionName, sectionBody } from './sections.js';
import type { Action } from '../shared/result.js';
import { metadataLines, type SnapshotMeta } from './metadata.js';
import { APPENDIX_HEADING } from './sessionlog/requests.js';
import type { RequestBlock, TodoItem } from './sessionlog/types.js';

export { dirtyAtSnapshot, parseMetadata, type SnapshotMeta } from './metadata.js';

export interface WorkFacts {
  work_state: string;
  dirty_count: number;
  dirty_files: string[];
  unpublished_count: number | null;
  required_action: Action | null;
  /** A step that needs the user (work_publish): the snapshot says to ask first. */
  ask_user_first?: Action;
}

export interface SessionFacts {
  discovery: string[];
  risks: string[];
  anchors: { path: string; role: string | null }[];
  /** Full text of the user's requests cut or left out of DISCOVERY (sessionlog/requests.ts). */
  appendix?: string[];
  /** The user's newest request, whole: an automatic snapshot's HANDOFF_PROMPT carries it. */
  newestRequest?: { text: string; cite: string } | null;
  /** The requests read from the log and where DISCOVERY shows them (the parent's join them: carry-requests.ts). */
  requests?: RequestBlock;
  /** The agent's latest todo list and its last text message (its last stated plan). */
  todos?: TodoItem[] | null;
  lastText?: { text: string; cite: string } | null;
  /** What the agent last asked the user; `later_request`: the user spoke after it. */
  openQuestion?: { text: string; cite: string; later_request?: boolean } | null;
}

export interface SnapshotInput {
  meta: Omit<SnapshotMeta, 'summary'>;
  issue: { title: string; body: string; state: string } | null;
  issueError: string | null;
  work: WorkFacts | null;
  notes: ParsedNotes;
  session: SessionFacts | null;
  /** Open items carried from the parent snapshot, and the ones the notes resolved or replaced. */
  carried?: Carried | null;
  /** The client's own compaction summary (PostCompact), quoted after the nine sections. */
  compactSummary?: string | null;
  /** Whether a path exists in the work tree as the snapshot is written; without it, every anchor is kept. */
  exists?: (path: string) => boolean;
}

/** The heading of the client's compaction summary, after the nine sections. */
export const COMPACT_HEADING = 'COMPACTION SUMMARY (client)';

/** The agent's last message in CURRENT_STATE, characters. */
const LAST_TEXT_MAX = 1200;

const cap = (lines: string[], max: number, omitted: (n: number) => string): string[] =>
  lines.length <= max ? lines : [...lines.slice(0, max), `- ${omitted(lines.length - max)}`];

const bullets = (items: string[], none: string): string[] => (items.length ? items.map((i) => `- ${i}`) : [`- ${none}`]);

/** The words an agent uses for the steps Butler adds to NEXT_ACTION itself (work_observe's actions). */
const STEP_WORDS: Record<string, RegExp> = {
  work_publish: /work_publish|\bpublish|\bpush\b|公開|プッシュ/i,
  work_record: /work_record|\brecord\b|\bcommit\b|記録|コミット/i,
};

/** Whether one of the steps already names what `tool` does. */
function namesStep(steps: readonly string[], tool: string): boolean {
  const words = STEP_WORDS[tool] ?? new RegExp(tool, 'i');
  return steps.some((s) => words.test(s));
}

function describeAction(a: Action): string {
  const args = a.args && Object.keys(a.args).length ? JSON.stringify(a.args) : '';
  return `${a.tool}(${args})${a.reason ? ` — ${a.reason}` : ''}`;
}

/** Renders the snapshot deterministically from what is known; returns the markdown and its prompt. */
export function renderSnapshot(input: SnapshotInput): { markdown: string; meta: SnapshotMeta; prompt: string[] } {
  const t = strings(input.meta.lang);
  const { meta, notes, work, issue, session } = input;
  const carried = input.carried ?? NOTHING_CARRIED;
  const decisions = [...notes.decision, ...carried.decisions].filter(once((d) => d));
  const scope = meta.issue_id === null ? t.projectScope : t.scopeIssue(meta.issue_id, meta.issue_title);
  const summary = notes.free[0] ? summarize(notes.free[0]) : t.summaryDefault(scope);

  const current: string[] = [];
  if (meta.issue_id !== null) current.push(t.issueLine(meta.issue_id, meta.issue_title, issue?.state ?? null));
  else current.push(t.projectScope);
  if (work) current.push(t.workLine(meta.branch, meta.head, work.dirty_count, work.unpublished_count));
  if (work?.dirty_files.length) {
    const shown = work.dirty_files
      .slice(0, 10)
      .map((f) => `\`${f}\``)
      .join(', ');
    current.push(`${shown}${work.dirty_files.length > 10 ? ` ${t.omitted(work.dirty_files.length - 10)}` : ''}`);
  }
  const todos = session?.todos ?? [];
  const done = todos.filter((d) => d.status === 'completed').map((d) => `${t.todoDone}: ${d.text}`);
  current.push(
    ...cap(
      [
        ...notes.free.map((n) => `${t.notes}: ${n}`),
        // Without its status label: "Resolved: [waiting on the user] …" read as still open (field trial G).
        ...carried.resolved.map((r) => `${t.resolved}: ${r.replace(/^\[[^\]]+\]\s*/, '')}`),
        ...carried.replaced.map((r) => (r.by === null ? `${t.withdrawn}: ${r.old}` : `${t.replaced}: ${r.old} → ${r.by}`)),
        ...carried.not_replaced.map((r) => `${t.notReplaced(r.matched)}: ${r.text}`),
        // What the agent wrote is kept even when it closed nothing carried.
        ...carried.not_resolved.map((r) => `${t.notes}: resolved: ${r}`),
        ...done,
      ],
      25,
      t.omitted,
    ),
  );
  // The agent's last words: usually what it was about to do (bounded; the transcript has the rest). In a
  // deliberate snapshot with the agent's own note, the note is what it means now: a message written before
  // it can contradict it (field trial D: "I also added wordTally to the README", since reverted).
  const ownNote = meta.mode !== 'auto' && notes.free.length > 0;
  if (session?.lastText && !ownNote)
    current.push(`${t.lastText(session.lastText.cite)}: ${clip(session.lastText.text.replace(/\s+/g, ' '), LAST_TEXT_MAX)}`);
  // The issue body is what was filed, often long ago: quoted last, under its own label.
  const body = issue?.body.trim()
    ? cap(
        issue.body
          .trim()
          .split('\n')
          .map((l) => `  > ${l}`),
        15,
        t.omitted,
      )
    : [];
  if (body.length) current.push(`${t.issueText}:`);

  // The agent's own open todos are open work; in an automatic snapshot they come before Butler's generic step.
  const open = [...todos.filter((d) => d.status === 'in_progress'), ...todos.filter((d) => d.status === 'pending')].map(
    (d) => `${d.status === 'in_progress' ? `[${t.inProgress}] ` : ''}${d.text}`,
  );
  // A deliberate snapshot whose author wrote its own next steps takes those: a todo list the agent did
  // not update before writing them lists finished work as open (field trial D).
  // Notes with no step of their own keep the previous snapshot's open steps (carry.ts): a transfer whose note
  // said only "over to Codex" had dropped "write the test" for a publish the user had not asked for.
  const next =
    meta.mode === 'auto' ? [...open, ...notes.next] : notes.next.length ? [...notes.next] : open.length ? open : [...carried.next];
  // Publishing is the user's call (server instructions): the step says so, never a bare work_publish().
  // A step the agent already wrote in its own words is not listed a second time (field trial, issue 22).
  if (work?.required_action && !namesStep(next, work.required_action.tool)) next.push(describeAction(work.required_action));
  if (work?.ask_user_first && !namesStep(next, work.ask_user_first.tool)) next.push(t.askBefore(describeAction(work.ask_user_first)));
  if (!next.length) next.push(t.defaultNext);

  const pending = [...notes.pending.filter(once((p) => p.text)).map((p) => `[${t.labels[p.label]}] ${p.text}`), ...carried.pending];
  // A session that ended unsaved after the agent asked the user: the question may still be open.
  const asked = meta.mode === 'auto' ? session?.openQuestion : null;
  if (asked) pending.push(`[${t.labels.waiting}] ${t.openQuestion(asked.cite, !!asked.later_request)}: ${asked.text}`);
  if (input.issueError && meta.issue_id !== null)
    pending.unshift(`[${t.labels.blocked}] ${t.issueUnreadable(meta.issue_id, input.issueError)}`);

  const risks = [...notes.risks, ...carried.risks, ...(session?.risks ?? []).map((r) => r.replace(/^- /, ''))];
  if (work?.dirty_count) risks.push(t.dirtyRisk(work.dirty_count));
  if (work?.unpublished_count) risks.push(t.unpublishedRisk(work.unpublished_count));

  const anchorMap = new Map<string, string | null>();
  // Files the session touched are anchors when the author named none: a file written and put back (a
  // README the user said not to touch) is no place to look first (field trial D).
  const sessionAnchors = meta.mode === 'auto' || !notes.anchors.length ? (session?.anchors ?? []) : [];
  for (const a of [...notes.anchors, ...carried.anchors, ...sessionAnchors]) if (!anchorMap.has(a.path)) anchorMap.set(a.path, a.role);
  for (const f of work?.dirty_files ?? []) if (!anchorMap.has(f)) anchorMap.set(f, null);
  // A file deleted when the snapshot is written is no place to look first, and drift would call it missing
  // since (#25: `.codex/` files deleted by uninstall were listed); CURRENT_STATE still names it as changed.
  // One the author named stays as written (a file still to create): drift knows it was absent (assemble.ts).
  const exists = input.exists;
  const named = new Set(notes.anchors.map((a) => a.path));
  if (exists) for (const p of [...anchorMap.keys()]) if (!exists(p) && !named.has(p)) anchorMap.delete(p);
  const anchors = [...anchorMap].map(([p, role]) => `\`${p}\`${role ? ` — ${role}` : ''}`);

  const blockedTag = `[${t.labels.blocked}] `;
  const waitingTag = `[${t.labels.waiting}] `;
  const finished = issue?.state === 'closed' && !!work && work.dirty_count === 0 && !work.unpublished_count;
  const prompt = buildPrompt({
    lang: meta.lang,
    summary,
    summarySource: notes.free[0] ?? null,
    scope,
    finished,
    readTool:
      meta.source_brain === meta.target_brain
        ? 'handover_resume'
        : meta.target_brain === 'any'
          ? 'handover_resume / handover_accept'
          : 'handover_accept',
    handoverId: meta.handover_id,
    next: next[0] ?? t.defaultNext,
    decisions,
    blockers: pending.filter((p) => p.startsWith(blockedTag)).map((p) => p.slice(blockedTag.length)),
    // What waits on the user goes with the prompt too: the next agent asks instead of guessing (field trial D).
    waiting: pending.filter((p) => p.startsWith(waitingTag)).map((p) => p.slice(waitingTag.length)),
    caution: risks[0] ?? null,
    // A session that ended unsaved: its newest request is what the next one must see first.
    lastRequest: meta.mode === 'auto' && session?.newestRequest ? session.newestRequest.text : null,
  });

  const full: SnapshotMeta = { ...meta, summary };
  const sections: Record<SectionName, string[]> = {
    METADATA: metadataLines(full),
    CURRENT_STATE: [...bullets(current, t.none), ...body],
    DISCOVERY: cap([...notes.discovery.map((d) => `- ${d}`), ...(session?.discovery ?? [])], 72, t.omitted),
    DECISION: cap(bullets(decisions, t.none), 20, t.omitted),
    NEXT_ACTION: cap(
      next.map((n, i) => `${i + 1}. ${n}`),
      15,
      t.omitted,
    ),
    'BLOCKED / PENDING': cap(bullets(pending, t.none), 20, t.omitted),
    RISKS: cap(bullets(risks, t.none), 20, t.omitted),
    CODEBASE_ANCHORS: cap(bullets(anchors, t.none), 30, t.omitted),
    HANDOFF_PROMPT: prompt,
  };
  if (!sections.DISCOVERY.length) sections.DISCOVERY = [`- ${t.none}`];
  const title = meta.issue_id === null ? `# Handover: ${meta.project}` : `# Handover: ${t.scopeIssue(meta.issue_id, meta.issue_title)}`;
  const out = [title, ''];
  for (const s of SECTIONS) out.push(`## ${s}`, t.intro[s], '', ...sections[s], '');
  // After the nine sections, within the line bound: the full text of requests cut or left out above, then the
  // client's compaction summary, every line quoted so that no heading in it can pose as a section.
  appendTail(out, APPENDIX_HEADING, session?.appendix ?? [], t.omitted);
  const summaryLines = (input.compactSummary ?? '').split('\n').map((l) => `> ${l}`.trimEnd());
  if (input.compactSummary) appendTail(out, COMPACT_HEADING, summaryLines, t.omitted, true);
  // The caps above keep the worst case under the 300-line bound (docs/decisions.md D2); this only guards it.
  if (out.length > MAX_SNAPSHOT_LINES) throw new Error(`snapshot would have ${out.length} lines`);
  return { markdown: `${out.join('\n').trimEnd()}\n`, meta: full, prompt };
}

/** Adds a section after the nine within the 300-line bound (docs/decisions.md D2): its last lines kept, or its first. */
function appendTail(out: string[], heading: string, lines: string[], omitted: (n: number) => string, head = false): void {
  const room = MAX_SNAPSHOT_LINES - out.length - 4;
  if (!lines.length || room <= 0) return;
  const more = `- ${omitted(lines.length - room + 1)}`;
  const kept = lines.length <= room ? lines : head ? [...lines.slice(0, room - 1), more] : [more, ...lines.slice(lines.length - room + 1)];
  out.push(`## ${heading}`, '', ...kept, '');
}

/** The HANDOFF_PROMPT lines of a snapshot, without the explanatory line. */
export function handoffPrompt(markdown: string): string {
  return sectionBody(markdown, 'HANDOFF_PROMPT').join('\n');
}

/** Anchor paths listed in CODEBASE_ANCHORS. */
export function anchorPaths(markdown: string): string[] {
  return sectionBody(markdown, 'CODEBASE_ANCHORS')
    .map((l) => /^- `([^`]+)`/.exec(l)?.[1])
    .filter((p): p is string => !!p);
}
