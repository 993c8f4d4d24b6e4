import { ButlerError } from '../shared/errors.js';
import { ok, type Action, type ToolResult } from '../shared/result.js';
import type { GitRunner } from './git.js';
import { readStatus, type RepoStatus } from './status.js';

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
  unpublished_count: number | null;
  default_issue: number | null;
  blocked_by?: BlockedBy[];
  required_action: Action | null;
  available_next?: string[];
  /** Raw git output, only when git failed. */
  diagnostic?: string;
}

/** Enough paths to orient a brain; work_diff has the rest. */
export const DIRTY_FILES_CAP = 25;

export function judgeUpstream(st: RepoStatus): UpstreamInfo {
  if (st.branch === null) return { ref: null, status: 'detached', ahead: null, behind: null, judged_by: 'Detached HEAD: no branch, so no upstream.' };
  if (st.upstream === null) {
    return { ref: null, status: 'not_configured', ahead: null, behind: null, judged_by: `Branch ${st.branch} has no upstream, so unpublished records cannot be counted.` };
  }
  if (st.ahead === null) {
    return { ref: st.upstream, status: 'gone', ahead: null, behind: null, judged_by: `Upstream ${st.upstream} is configured but its ref is missing, so unpublished records cannot be counted.` };
  }
  return { ref: st.upstream, status: 'tracking', ahead: st.ahead, behind: st.behind, judged_by: `Ahead/behind against ${st.upstream} as last fetched (git status).` };
}

export function blockedBy(st: RepoStatus): BlockedBy[] {
  const out: BlockedBy[] = [...st.flags.inProgress];
  if (st.entries.some((e) => e.kind === 'conflicted')) out.push('conflicts');
  // A rebase detaches HEAD on its own; naming the rebase is the useful part.
  if (st.branch === null && !out.includes('rebase')) out.push('detached_head');
  if (st.flags.indexLocked) out.push('index_locked');
  return out;
}

const BLOCK_WORDS: Record<BlockedBy, string> = {
  merge: 'a merge is in progress',
  rebase: 'a rebase is in progress',
  cherry_pick: 'a cherry-pick is in progress',
  revert: 'a revert is in progress',
  conflicts: 'files have conflicts',
  detached_head: 'HEAD is detached (no branch)',
  index_locked: 'another git process holds index.lock',
};

export function describeBlock(by: BlockedBy[]): string {
  return by.map((b) => BLOCK_WORDS[b]).join('; ');
}

/** Pure: the work state and next step from one status read. Shared by observe, record, publish and finish. */
export function judgeWork(st: RepoStatus, defaultIssue: number | null): { summary: string; data: ObserveData } {
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
    const fix = blocked.includes('index_locked') && blocked.length === 1
      ? 'Observe again in a moment.'
      : 'Ask the user to finish or abort it; Butler does not resolve it.';
    return {
      summary: `Blocked: ${describeBlock(blocked)}. ${fix}`,
      data: { work_state: 'blocked', ...base, ...(conflicted.length ? { conflicted_files: conflicted.slice(0, DIRTY_FILES_CAP) } : {}), blocked_by: blocked, required_action: null },
    };
  }
  const link = defaultIssue !== null ? `It will link #${defaultIssue}.` : 'No default issue, so it will link none (work_start sets one).';
  const record: Action = { tool: 'work_record', reason: `Unrecorded changes. ${link}`, required_args: ['message'] };
  if (dirtyCount > 0 && unpublished) {
    return {
      summary: `${dirtyCount} unrecorded change(s) and ${unpublished} unpublished record(s)`,
      data: { work_state: 'dirty_and_unpublished', ...base, required_action: record },
    };
  }
  if (dirtyCount > 0) return { summary: `${dirtyCount} unrecorded change(s)`, data: { work_state: 'dirty', ...base, required_action: record } };
  if (unpublished) {
    const publish: Action = { tool: 'work_publish', reason: `${unpublished} record(s) not yet on ${upstream.ref}.`, required_args: [] };
    return { summary: `${unpublished} record(s) not published`, data: { work_state: 'recorded_unpublished', ...base, required_action: publish } };
  }
  if (unpublished === null) {
    return {
      summary: `Clean, but publication cannot be judged: ${upstream.judged_by}`,
      data: { work_state: 'unknown', ...base, required_action: null, available_next: ['work_history', 'work_start', 'work_finish'] },
    };
  }
  if (defaultIssue !== null) {
    return {
      summary: `Clean and published; working on #${defaultIssue}`,
      data: { work_state: 'clean_with_active_issue', ...base, required_action: null, available_next: ['work_finish', 'work_history', 'issue_read'] },
    };
  }
  return {
    summary: 'Clean and published',
    data: { work_state: 'clean_idle', ...base, required_action: null, available_next: ['work_start', 'work_history', 'issue_read'] },
  };
}

/**
 * work_observe. Called by the handover code as well, so the signature is fixed. Costs one
 * `git status` plus a few stat calls; never returns diff bodies.
 */
export async function observeWork(input: {
  projectRoot: string | null;
  defaultIssue: number | null;
  git: GitRunner;
}): Promise<ToolResult<ObserveData>> {
  if (input.projectRoot === null) {
    return ok('No work session yet: call work_session_start first', {
      ...emptyData(null, input.defaultIssue),
      required_action: { tool: 'work_session_start', reason: 'Butler works inside one project.', required_args: ['project_root'] },
    });
  }
  try {
    const st = await readStatus(input.git, input.projectRoot);
    const { summary, data } = judgeWork(st, input.defaultIssue);
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
