import { ButlerError } from '../shared/errors.js';
import { ok, type ToolResult } from '../shared/result.js';
import type { GitRunner } from './git.js';
import { describeBlock, judgeWork } from './observe.js';
import { readStatus } from './status.js';

/** A proposal for the brain; `action` is a tool name except for `configure_upstream` (a user step). */
export interface PendingAction {
  action: string;
  reason: string;
  required_args: string[];
  args?: Record<string, unknown>;
}

/**
 * work_finish: proposes, never acts. The seed's order, each of the first three returning early:
 * unrecorded → work_record; no upstream → configure_upstream (and no issue_close, since publication
 * cannot be confirmed); unpublished → work_publish; otherwise issue_comment and issue_close together.
 */
export async function finishWork(input: { projectRoot: string; defaultIssue: number | null; git: GitRunner }): Promise<ToolResult> {
  const st = await readStatus(input.git, input.projectRoot);
  const { data: state } = judgeWork(st, input.defaultIssue);
  const base = { work_state: state.work_state, default_issue: input.defaultIssue };
  if (state.blocked_by?.length) {
    throw new ButlerError('policy_blocked', `Cannot finish: ${describeBlock(state.blocked_by)}`, 'Ask the user to finish or abort it, then call work_observe.', {
      ...base,
      blocked_by: state.blocked_by,
    });
  }
  if (state.dirty_count > 0) {
    return ok('Unrecorded changes: record them before finishing', {
      ...base,
      pending_actions: [{ action: 'work_record', reason: `${state.dirty_count} unrecorded change(s).`, required_args: ['message'] }],
    });
  }
  if (state.unpublished_count === null) {
    return ok('Recorded, but the branch has no upstream: publication cannot be confirmed', {
      ...base,
      upstream: state.upstream,
      pending_actions: [
        {
          action: 'configure_upstream',
          reason: `${state.upstream?.judged_by ?? 'No upstream.'} Ask the user to set one; then work_publish.`,
          required_args: [],
        },
      ],
    });
  }
  if (state.unpublished_count > 0) {
    return ok('Recorded but not published', {
      ...base,
      pending_actions: [{ action: 'work_publish', reason: `${state.unpublished_count} record(s) not yet on ${state.upstream?.ref}.`, required_args: [] }],
    });
  }
  const issue = input.defaultIssue;
  if (issue === null) {
    return ok('Work is recorded and published; no issue action to propose', { ...base, pending_actions: [] });
  }
  const pending: PendingAction[] = [
    { action: 'issue_comment', reason: `Leave a summary of the work on issue #${issue}.`, required_args: ['issue_id', 'body'], args: { issue_id: issue } },
    { action: 'issue_close', reason: `Close issue #${issue} if its completion criteria are met (ask the user).`, required_args: ['issue_id'], args: { issue_id: issue } },
  ];
  return ok('Work is recorded and published. Review these issue actions', { ...base, pending_actions: pending });
}
