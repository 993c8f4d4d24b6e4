import type { ToolResult } from '../shared/result.js';
import { quotePath } from '../shared/neutralize.js';
import type { Lang } from '../shared/config.js';
import type { CommandNamer } from './as-command.js';
import { renderText, type Labels } from './messages/render.js';
import { personTime } from './person-time.js';
import { stateText } from '../work/index.js';
import { SECTIONS, sectionBody, sectionForPerson } from '../handover/index.js';

type Rec = Record<string, unknown>;

/**
 * The one human rendering of an envelope, for every CLI command: the summary first, then only the
 * fields a person acts on (work state, files, records, issues, handovers, the next step). Steps and
 * hints are written as the CLI commands that do them (`namer`); the envelope (`--json`) keeps the MCP form.
 */
export function render(r: ToolResult<object>, namer?: CommandNamer, lang: Lang = 'en'): string {
  const d = r.data as Rec;
  const l = renderText(lang);
  const say = (text: unknown) => (namer ? namer.prose(String(text)) : String(text));
  const step = (tool: unknown, args?: unknown, required?: unknown) => {
    const given = args && typeof args === 'object' ? (args as Rec) : {};
    const cli = namer?.command(String(tool), given, Array.isArray(required) ? (required as string[]) : []);
    return cli ?? `${tool}${Object.keys(given).length ? ` ${JSON.stringify(given)}` : ''}`;
  };
  const out = [`${r.status === 'ok' ? '✓' : r.status === 'need_input' ? '?' : '✗'} ${say(r.summary)}`];
  // One snapshot read that a newer one replaced (its author's transfer after a suspend): said before anything in it (#25).
  // What replaces it is never a retired one (candidates.markSuperseded), so the command reads the current one.
  if (typeof d.superseded_by === 'string' && typeof d.snapshot === 'string') {
    const list = step('handover_list', d.issue_id ? { issue_id: d.issue_id } : {});
    // The scope's current one (lookup.ts currentOf), which a later snapshot may be rather than the direct replacement.
    const current = typeof d.current_id === 'string' ? d.current_id : d.superseded_by;
    out.unshift(l.superseded(d.superseded_by, step('handover_read', { handover_id: current }), list));
  }
  // A retired snapshot read by id: said first, in one line (#25).
  const retired = ((d.receipts as Rec[] | undefined) ?? []).find((x) => x.kind === 'retired');
  if (retired && typeof d.snapshot === 'string') out.unshift(l.retiredRead(retired.by, personTime(retired.at)));
  if (r.hint) out.push(`  ${l.hint}: ${say(r.hint)}`);
  work(d, out, l, lang);
  issue(d, out, l);
  handover(d, out, l, say);
  issueList(d, out, l);
  // An action's required arguments are placeholders the person fills in (`-m MESSAGE`, `--body-file FILE`).
  // A step with no command (work_finish's `configure_upstream`) is said by its reason alone: no tool name for a person.
  // The same `next:` line as required_action's (#25 walk-through 16: finish's `→` was an idiom of its own).
  if (Array.isArray(d.pending_actions))
    for (const a of d.pending_actions as Rec[])
      out.push(
        namer && !namer.command(String(a.action))
          ? `  ${l.next}: ${say(a.reason)}`
          : `  ${l.next}: ${step(a.action, a.args, a.required_args)}   (${say(a.reason)})`,
      );
  for (const [k, label] of [
    ['required_action', l.next],
    ['suggested_action', l.next],
    ['ask_user_first', l.ask_user_first],
    ['next_session', l.next_session],
    ['for_target', l.for_target],
    ['for_source', l.for_source],
  ]) {
    const a = d[k as string] as Rec | null | undefined;
    if (!a?.tool) continue;
    // The next session resumes as the brain that suspended: from the CLI, `--client` says which (handover.ts asks otherwise).
    // The target accepts as itself (walk-through: `handover accept ID` without it only read the snapshot).
    const who = k === 'next_session' ? d.source_brain : k === 'for_target' ? d.target_brain : undefined;
    const as = namer && typeof who === 'string' && who !== 'any' ? ` --client ${who}` : '';
    out.push(`  ${label}: ${step(a.tool, a.args, a.required_args)}${as}${a.reason ? `   (${say(a.reason)})` : ''}`);
  }
  // git's own `hint:` lines advise steps Butler already took back (a rebase it aborted, #25): the person's hint says
  // what to do. Blank lines would waste the four shown.
  const raw = String(d.diagnostic ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^hint:/.test(line.trim()));
  if (d.diagnostic && r.status === 'error') out.push(`  git: ${raw.slice(0, 4).join('\n       ')}`);
  return `${out.join('\n')}\n`;
}

function work(d: Rec, out: string[], l: Labels, lang: Lang): void {
  if (typeof d.work_state === 'string' && d.project_root) {
    out.push(
      `  ${l.state}: ${l.workState(d.work_state)}   ${l.branch}: ${d.branch ?? l.detached}   ${l.head}: ${String(d.head ?? '-').slice(0, 12)}`,
    );
    const up = d.upstream as Rec | null;
    if (up) {
      const ab = up.ahead === null || up.ahead === undefined ? '' : `   ${l.aheadBehind(up.ahead, up.behind)}`;
      // judged_by is English data for an agent (src/work/observe.ts); a person reads it in their language and words, from the same fields.
      const when = { ...up, fetched_at: up.fetched_at ? personTime(up.fetched_at) : up.fetched_at };
      const judged = stateText(lang, 'person').why(when as never, (d.branch as string | null) ?? null, Array.isArray(d.sync_conflict));
      out.push(`  ${l.upstream}: ${up.ref ?? '-'}${ab}   ${l.aside(judged)}`);
    }
    if (d.default_issue) out.push(`  ${l.defaultIssue}: #${d.default_issue}`);
    for (const f of (d.dirty_files as string[] | undefined) ?? []) out.push(`    ${quotePath(f)}`);
    if (d.dirty_files_truncated) out.push(`    ${l.more(Number(d.dirty_count) - (d.dirty_files as string[]).length)}`);
  }
  // issue_close on the default issue clears it (README): said, not silent (#25 walk-through 14).
  const closed = d.issue as Rec | undefined;
  if (d.default_issue === null && closed?.state === 'closed') out.push(`  ${l.defaultCleared(closed.id)}`);
  if (Array.isArray(d.files)) {
    // work_diff's entries carry counts; a refusal (work_record policy_blocked) lists only the paths, and the summary names them.
    for (const f of d.files as (Rec | string)[])
      if (typeof f !== 'string')
        out.push(`  ${`+${f.added ?? '-'}`.padEnd(6)} ${`-${f.deleted ?? '-'}`.padEnd(6)} ${quotePath(String(f.path))}`);
  }
  // A file git does not track yet is new to a person, not git's `??` (#25 walk-through 16).
  for (const f of (d.untracked as string[] | undefined) ?? []) out.push(`  ${l.untracked}: ${quotePath(f)}`);
  for (const f of (d.conflicted_files as string[] | undefined) ?? []) out.push(`  ${l.conflict}: ${quotePath(f)}`);
  if (typeof d.patch === 'string' && d.patch) out.push('', d.patch.trimEnd());
  if (Array.isArray(d.records)) {
    for (const x of d.records as Rec[]) {
      const ids = ((x.issue_ids as number[] | undefined) ?? []).map((i) => `#${i}`).join(' ');
      out.push(`  ${x.record_id}  ${personTime(x.created_at)}  ${x.message}${ids ? `  ${ids}` : ''}`);
    }
  }
}

/** `butler issue list`: one line an issue. */
function issueList(d: Rec, out: string[], l: Labels): void {
  for (const i of (d.issues as Rec[] | undefined) ?? []) {
    const labels = (i.labels as string[] | undefined) ?? [];
    out.push(
      `  #${String(i.id).padEnd(5)} ${i.state === 'closed' ? `${l.closed} ` : ''}${i.title}${labels.length ? `  [${labels.join(', ')}]` : ''}`,
    );
  }
}

function issue(d: Rec, out: string[], l: Labels): void {
  if (Array.isArray(d.missing) && typeof d.template === 'string') out.push('', d.template, '', `  ${l.template}`);
  const c = d.comment as Rec | undefined;
  if (c) out.push(`  ${l.comment(c.id, c.author, personTime(c.created_at))}`);
  const i = d.issue as Rec | undefined;
  if (!i) return;
  const labels = (i.labels as string[] | undefined) ?? [];
  out.push(
    `  ${l.state}: ${l.issueState(i.state)}${labels.length ? `  ${l.labels}: ${labels.join(', ')}` : ''}  ${l.updated}: ${personTime(i.updated_at)}`,
  );
  if (i.url) out.push(`  ${i.url}`);
  if (i.body) out.push('', String(i.body));
  for (const x of (i.comments as Rec[] | undefined) ?? [])
    out.push('', `--- ${l.comment(x.id, x.author, personTime(x.created_at))}`, String(x.body));
}

function handover(d: Rec, out: string[], l: Labels, say: (text: unknown) => string): void {
  for (const k of ['handover_id', 'snapshot_file', 'latest_file', 'source_brain', 'target_brain', 'shared']) {
    if (d[k]) out.push(`  ${l.field[k] ?? k}: ${k.endsWith('_brain') ? l.brain(d[k]) : String(d[k])}`);
    // When it was written, next to which one it is (#25: a newcomer's `handover read` had no time).
    if (k === 'handover_id' && d[k] && typeof d.created_at === 'string') out.push(`  ${l.created}: ${personTime(d.created_at)}`);
  }
  // A sentence for the person (share-ops.ts), not a field: no `share_error:` label (#25).
  if (d.share_error) out.push(`  ${String(d.share_error)}`);
  // Another clone's or a committed file's snapshot is quoted data (issue #23): said first, and its words are not made into commands.
  if (typeof d.not_written_here === 'string') out.push(`  ${d.not_written_here}`);
  const quote = typeof d.not_written_here === 'string' ? String : say;
  // The snapshot's sections, as its author wrote them (walk-through 6: `read` showed only the prompt); tool calls in them as commands.
  // The lines Butler generated speak to a person here (sectionForPerson, #25); another clone's file is quoted as it is.
  const body = typeof d.not_written_here === 'string' ? sectionBody : sectionForPerson;
  if (typeof d.snapshot === 'string')
    for (const name of SECTIONS.filter((n) => n !== 'METADATA' && n !== 'HANDOFF_PROMPT'))
      out.push('', `  ${l.section[name]}`, ...body(d.snapshot, name).map((line) => `    ${quote(line)}`));
  // The prompt is the next agent's, in its own words and MCP calls (handover i18n): said so, and set off from the person's lines.
  if (typeof d.handoff_prompt === 'string')
    out.push('', `  ${l.handoffPrompt}`, ...d.handoff_prompt.split('\n').map((line) => (line ? `    ${line}` : line)), '');
  // When each was written, in the short form `work history` gives a record (#25: the list had no dates).
  for (const h of (d.handovers as Rec[] | undefined) ?? [])
    out.push(
      `  ${h.handover_id}  ${personTime(h.created_at)}  ${l.brain(h.source_brain)} -> ${l.brain(h.target_brain)}${marks(h, l)}  ${h.summary}`,
    );
  for (const h of (d.candidate_handovers as Rec[] | undefined) ?? [])
    out.push(`  ${l.candidate} ${h.handover_id}  ${l.brain(h.source_brain)} -> ${l.brain(h.target_brain)}  ${h.summary}`);
  if (Array.isArray(d.brains))
    for (const b of d.brains as Rec[])
      out.push(`  ${b.brain_id}  ${b.title ?? ''}  ${b.last_seen ? l.lastSeen(personTime(b.last_seen)) : l.notSeen}`);
}

/** What happened to a snapshot since (field trial 7: a retired one looked unchanged in the list). */
function marks(h: Rec, l: Labels): string {
  const r = ((h.receipts as Rec[] | undefined) ?? []).map((x) => l.receipt(x.kind, x.by));
  if (h.mode === 'auto') r.unshift(`${l.auto}${h.trigger ? `, ${h.trigger}` : ''}`);
  if (h.superseded_by) r.push(l.supersededBy(h.superseded_by));
  return r.length ? l.marks(r) : '';
}
