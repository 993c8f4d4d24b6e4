import { ButlerError, invalidArgument } from '../shared/errors.js';
import { confinePath } from '../shared/paths.js';
import { ok, type Action, type ToolResult } from '../shared/result.js';
import type { GitRunner } from './git.js';
import { describeBlock, judgeWork } from './observe.js';
import { gitFailure, gitOk, indexLocked } from './repo.js';
import { PRIVATE_DIR, readStatus } from './status.js';

export const NOTHING_TO_RECORD_HINT = 'There are no unrecorded changes to record. Check the current state with work_observe.';

export interface RecordInput {
  projectRoot: string;
  message: string;
  /** undefined: the default issue if any; []: explicitly no link; [..]: these issues. */
  issueIds?: number[];
  defaultIssue: number | null;
  git: GitRunner;
  /** Worker surface only: stage just these paths instead of every change. */
  paths?: string[];
}

export interface IssueLinks {
  issue_ids: number[];
  link_source: 'explicit' | 'default_issue' | 'none';
}

export function resolveIssueLinks(issueIds: number[] | undefined, defaultIssue: number | null): IssueLinks {
  if (issueIds === undefined) {
    return defaultIssue !== null ? { issue_ids: [defaultIssue], link_source: 'default_issue' } : { issue_ids: [], link_source: 'none' };
  }
  for (const id of issueIds) {
    if (!Number.isInteger(id) || id <= 0) throw invalidArgument('issue_ids must be positive integers', 'Pass issue numbers, e.g. [12].');
  }
  return { issue_ids: [...new Set(issueIds)], link_source: issueIds.length ? 'explicit' : 'none' };
}

/** Issue links live in the message as `#id`, so any tracker and work_history can read them back. */
export function composeMessage(message: string, issueIds: number[]): string {
  const text = message.trim().replace(/\r\n/g, '\n');
  const missing = issueIds.filter((id) => !new RegExp(`#${id}(?![0-9])`).test(text));
  return missing.length ? `${text}\n\nRefs ${missing.map((id) => `#${id}`).join(' ')}\n` : `${text}\n`;
}

/** work_record: stage every change and commit it with the caller's message. Never invents a message. */
export async function recordWork(input: RecordInput): Promise<ToolResult> {
  if (!input.message.trim()) throw invalidArgument('message is required', 'Say in one line what this record contains.');
  const links = resolveIssueLinks(input.issueIds, input.defaultIssue);
  const st = await readStatus(input.git, input.projectRoot);
  const { data: state } = judgeWork(st, input.defaultIssue);
  if (state.blocked_by?.length) {
    if (state.blocked_by.length === 1 && state.blocked_by[0] === 'index_locked') throw indexLocked();
    throw new ButlerError('policy_blocked', `Cannot record: ${describeBlock(state.blocked_by)}`, 'Ask the user to finish or abort it, then call work_observe.', {
      work_state: 'blocked',
      blocked_by: state.blocked_by,
    });
  }
  if (state.dirty_count === 0) {
    throw new ButlerError('policy_blocked', 'Nothing to record', NOTHING_TO_RECORD_HINT, { work_state: state.work_state });
  }
  const root = st.root;
  // Explicit paths are literal; the default excludes Butler's private folder, as observe does.
  const add = input.paths?.length
    ? ['--literal-pathspecs', 'add', '--all', '--', ...input.paths.map((p) => confinePath(root, p, 'paths').rel || '.')]
    : ['add', '--all', '--', '.', `:(exclude)${PRIVATE_DIR}`];
  await gitOk(input.git, root, add, 'add');
  const message = composeMessage(input.message, links.issue_ids);
  // -F - keeps the message out of argv: it can never be read as an option.
  const commit = await input.git(root, ['commit', '--quiet', '--file=-'], { input: message });
  if (commit.exitCode !== 0) {
    if (/nothing (added )?to commit|no changes added/i.test(commit.stdout + commit.stderr)) {
      throw new ButlerError('policy_blocked', 'Nothing to record', NOTHING_TO_RECORD_HINT, {}, commit.stdout.slice(0, 500));
    }
    throw gitFailure(commit, 'commit', root);
  }
  const head = (await gitOk(input.git, root, ['rev-parse', '--verify', 'HEAD'], 'rev-parse')).trim();
  const next: Action | null =
    state.upstream?.status === 'tracking'
      ? { tool: 'work_publish', reason: 'Share the record when the user wants it published.', required_args: [] }
      : null;
  return ok(`Recorded ${head.slice(0, 12)}${links.issue_ids.length ? ` (${links.issue_ids.map((i) => `#${i}`).join(' ')})` : ''}`, {
    record_id: head.slice(0, 12),
    head,
    message: message.trimEnd(),
    ...links,
    files: state.dirty_count,
    branch: st.branch,
    suggested_action: next,
  });
}
