import type { Audience } from '../shared/audience.js';
import type { Lang } from '../shared/config.js';
import { ButlerError } from '../shared/errors.js';
import { needInput, ok, type Action, type ToolResult } from '../shared/result.js';
import type { GitRunner } from '../shared/git.js';
import { stateText } from './messages/state.js';
import { indexLocked } from './repo.js';
import { readStatus, type RepoStatus } from './status.js';
import { lastConflict } from './sync-memo.js';

export type WorkState =
  | 'uninitialized'
  | 'clean_idle'
  | 'clean_with_active_issue'
  | 'dirty'
  | 'recorded_unpublished'
  | 'dirty_and_unpublished'
  | 'blocked'
  | 'unknown';

export type BlockedBy = 'merge' | 'rebase' | 'cherry_pick' | 'revert' | 'conflicts' | 'detached_head' | 'index_locked';

export interface UpstreamInfo {
  ref: string | null;
  status: 'tracking' | 'not_configured' | 'gone' | 'detached';
  ahead: number | null;
  behind: number | null;
  /** When ahead/behind were last fetched (ISO), null if never; work_observe never fetches, work_sync does. */
  fetched_at: string | null;
  /** How unpublished_count was (or could not be) decided, in words. */
  judged_by: string;
}

export interface ObserveData {
  work_state: WorkState;
  project_root: string | null;
  branch: string | null;
  head: string | null;
  upstream: UpstreamInfo | null;
  dirty_count: number;
  dirty_files: string[];
  dirty_files_truncated?: boolean;
  conflicted_files?: string[];
  /** A person's observe only: the files the last work_sync stopped on, while HEAD and the upstream are unchanged (sync-memo.ts). */
  sync_conflict?: string[];
  unpublished_count: number | null;
  default_issue: number | null;
  blocked_by?: BlockedBy[];
  /** What the agent runs now, without asking: never a step that needs the user (issue 22). */
  required_action: Action | null;
  /** A step only the user may agree to (publishing): ask first, never run it unasked. */
  ask_user_first?: Action;
  available_next?: string[];
  /** Raw git output, only when git failed. */
  diagnostic?: string;
}

/** Enough paths to orient a brain; work_diff has the rest. */
export const DIRTY_FILES_CAP = 25;

/** `judged_by` is data: always English, whatever the language of the summary. */
export function judgeUpstream(st: RepoStatus): UpstreamInfo {
  const why = stateText('en').why;
  const none = { ahead: null, behind: null, fetched_at: null };
  if (st.branch === null) return { ref: null, status: 'detached', ...none, judged_by: why({ status: 'detached', ref: null }, null) };
  if (st.upstream === null) {
    return { ref: null, status: 'not_configured', ...none, judged_by: why({ status: 'not_configured', ref: null }, st.branch) };
  }
  if (st.ahead === null) {
    return { ref: st.upstream, status: 'gone', ...none, judged_by: why({ status: 'gone', ref: st.upstream }, st.branch) };
  }
  const up = { ref: st.upstream, status: 'tracking' as const, ahead: st.ahead, behind: st.behind, fetched_at: st.flags.fetchedAt };
  return { ...up, judged_by: why(up, st.branch) };
}

export function blockedBy(st: RepoStatus): BlockedBy[] {
  const out: BlockedBy[] = [...st.flags.inProgress];
  if (st.entries.some((e) => e.kind === 'conflicted')) out.push('conflicts');
  // A rebase detaches HEAD on its own; naming the rebase is the useful part.
  if (st.branch === null && !out.includes('rebase')) out.push('detached_head');
  if (st.flags.indexLocked) out.push('index_locked');
  return out;
}

export function describeBlock(by: BlockedBy[], lang: Lang): string {
  const t = stateText(lang);
  return by.map((b) => t.block[b]).join(t.blockSep);
}

/**
 * record and publish refuse in the same way while a merge, rebase, conflict, detached HEAD or a held
 * index lock blocks the repository; `cannot` words what could not be done.
 */
export function refuseWhenBlocked(state: ObserveData, lang: Lang, cannot: (why: string) => string, to?: Audience): void {
  if (!state.blocked_by?.length) return;
  if (state.blocked_by.length === 1 && state.blocked_by[0] === 'index_locked') throw indexLocked(lang);
  throw new ButlerError('policy_blocked', cannot(describeBlock(state.blocked_by, lang)), stateText(lang, to).blockedHint, {
    work_state: 'blocked',
    blocked_by: state.blocked_by,
  });
}

/** Pure: the work state and next step from one status read. Shared by observe, record, publish and finish. */
export function judgeWork(st: RepoStatus, defaultIssue: number | null, lang: Lang, to?: Audience): { summary: string; data: ObserveData } {
  const t = stateText(lang, to);
  const upstream = judgeUpstream(st);
  const dirtyCount = st.entries.length;
  const unpublished = upstream.status === 'tracking' ? upstream.ahead : null;
  const base = {
    project_root: st.root,
    branch: st.branch,
    head: st.head,
    upstream,
    dirty_count: dirtyCount,
    dirty_files: st.entries.slice(0, DIRTY_FILES_CAP).map((e) => e.path),
    ...(dirtyCount > DIRTY_FILES_CAP ? { dirty_files_truncated: true } : {}),
    unpublished_count: unpublished,
    default_issue: defaultIssue,
  };
  const blocked = blockedBy(st);
  if (blocked.length) {
    const conflicted = st.entries.filter((e) => e.kind === 'conflicted').map((e) => e.path);
    // The operation whose own --continue / --abort ends the block (git's spelling: cherry-pick).
    const op = blocked.find((b) => ['merge', 'rebase', 'cherry_pick', 'revert'].includes(b))?.replace('_', '-') ?? null;
    const fix = blocked.includes('index_locked') && blocked.length === 1 ? t.retrySoon : t.askUser(op);
    return {
      summary: t.blocked(describeBlock(blocked, lang), fix),
      data: {
        work_state: 'blocked',
        ...base,
        ...(conflicted.length ? { conflicted_files: conflicted.slice(0, DIRTY_FILES_CAP) } : {}),
        blocked_by: blocked,
        required_action: null,
      },
    };
  }
  const record: Action = { tool: 'work_record', args: {}, reason: t.recordReason(defaultIssue), required_args: ['message'] };
  if (dirtyCount > 0 && unpublished) {
    return {
      summary: t.dirtyAndUnpublished(dirtyCount, unpublished),
      data: { work_state: 'dirty_and_unpublished', ...base, required_action: record },
    };
  }
  if (dirtyCount > 0) return { summary: t.dirty(dirtyCount), data: { work_state: 'dirty', ...base, required_action: record } };
  const behind = upstream.behind ?? 0;
  // Diverged: a publish would be rejected, so the remote records come in first.
  const sync: Action = { tool: 'work_sync', args: {}, reason: t.syncReason(behind, upstream.ref), required_args: [] };
  if (unpublished && behind > 0) {
    return { summary: t.diverged(unpublished, behind), data: { work_state: 'recorded_unpublished', ...base, required_action: sync } };
  }
  if (unpublished) {
    const publish: Action = { tool: 'work_publish', args: {}, reason: t.publishReason(unpublished, upstream.ref), required_args: [] };
    return {
      summary: t.unpublished(unpublished),
      data: { work_state: 'recorded_unpublished', ...base, required_action: null, ask_user_first: publish },
    };
  }
  if (unpublished === null) {
    return {
      summary: t.unknown(t.why(upstream, st.branch)),
      data: { work_state: 'unknown', ...base, required_action: null, available_next: ['work_history', 'work_start', 'work_finish'] },
    };
  }
  // Behind only: nothing of ours is at risk, so work_sync is offered, not required.
  const first = behind > 0 ? ['work_sync'] : [];
  const lag = behind > 0 ? t.behind(behind) : '';
  if (defaultIssue !== null) {
    return {
      summary: t.cleanActive(defaultIssue) + lag,
      data: {
        work_state: 'clean_with_active_issue',
        ...base,
        required_action: null,
        available_next: [...first, 'work_finish', 'work_history', 'issue_read'],
      },
    };
  }
  return {
    summary: t.clean + lag,
    data: {
      work_state: 'clean_idle',
      ...base,
      required_action: null,
      available_next: [...first, 'work_start', 'work_history', 'issue_read'],
    },
  };
}

/**
 * work_observe. Called by the handover code as well, so the signature is fixed: `lang` is optional
 * there (English; the handover reads only data). Costs one `git status` plus a few stat calls;
 * never returns diff bodies.
 */
export async function observeWork(input: {
  projectRoot: string | null;
  defaultIssue: number | null;
  git: GitRunner;
  lang?: Lang;
  /** Whose words: an agent's by default, a person's from the CLI (docs/decisions.md D37). */
  audience?: Audience;
  /** Whether the tracker says an issue is closed (the CLI's, as work_start's): the record step then says so. */
  closed?: (id: number) => Promise<boolean>;
}): Promise<ToolResult<ObserveData>> {
  const lang = input.lang ?? 'en';
  const t = stateText(lang, input.audience);
  if (input.projectRoot === null) {
    return ok(t.noSession, {
      ...emptyData(null, input.defaultIssue),
      required_action: { tool: 'work_session_start', args: {}, reason: t.noSessionReason, required_args: ['project_root'] },
    });
  }
  try {
    const st = await readStatus(input.git, input.projectRoot, lang);
    const { summary, data } = judgeWork(st, input.defaultIssue, lang, input.audience);
    const issue = input.defaultIssue;
    // Words only a person reads (the person's catalog alone holds them): a closed default issue, a sync that conflicted.
    const person = input.audience === 'person' ? stateText(lang, 'person') : null;
    if (person && data.required_action?.tool === 'work_record' && issue !== null && input.closed && (await input.closed(issue)))
      data.required_action = { ...data.required_action, reason: person.recordClosed(issue) };
    // A person is not sent back to a sync that conflicted and would again (sync-memo.ts); an agent's step stays.
    const ref = data.upstream?.ref;
    const conflicted = person && data.required_action?.tool === 'work_sync' && ref;
    const files = conflicted ? await lastConflict(input.git, input.projectRoot, ref) : null;
    // It waits for the person, as a blocked state does: `?` and exit 3, not `✓` (#25 walk-through 15), and nothing
    // else says to sync (render.ts drops the upstream line's "sync fetches" on sync_conflict).
    if (person && files)
      return {
        ...needInput(summary, { ...data, required_action: null, sync_conflict: files }),
        hint: person.syncConflicted(files, ref as string),
      };
    return ok(summary, data);
  } catch (err) {
    if (!(err instanceof ButlerError)) throw err;
    // Callers such as the handover code read data.work_state even when git fails.
    return {
      status: 'error',
      summary: err.message,
      error_code: err.code,
      hint: err.hint,
      data: {
        ...emptyData(input.projectRoot, input.defaultIssue),
        work_state: 'unknown',
        ...(err.diagnostic ? { diagnostic: err.diagnostic } : {}),
      },
    };
  }
}

function emptyData(root: string | null, defaultIssue: number | null): ObserveData {
  return {
    work_state: 'uninitialized',
    project_root: root,
    branch: null,
    head: null,
    upstream: null,
    dirty_count: 0,
    dirty_files: [],
    unpublished_count: null,
    default_issue: defaultIssue,
    required_action: null,
  };
}
