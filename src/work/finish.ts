import type { Audience } from '../shared/audience.js';
import type { Lang } from '../shared/config.js';
import { ButlerError } from '../shared/errors.js';
import { needInput, ok, type ToolResult } from '../shared/result.js';
import type { GitRunner } from '../shared/git.js';
import { finishText } from './messages/finish.js';
import { stateText } from './messages/state.js';
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
 * work_finish: proposes, never acts. In the order of docs/decisions.md D28, each of the first three returning early:
 * unrecorded → work_record; no upstream → configure_upstream (and no issue_close, since publication
 * cannot be confirmed); unpublished → work_publish; otherwise issue_comment and issue_close together
 * (local issue changes record and publish themselves: src/issues/record.ts). A closed issue needs neither.
 */
export async function finishWork(input: {
  projectRoot: string;
  defaultIssue: number | null;
  git: GitRunner;
  lang: Lang;
  /** Whose words: an agent's by default, a person's from the CLI (docs/decisions.md D37). */
  audience?: Audience;
  /** Whether the tracker says the issue is closed; a closed issue needs no more actions. */
  issueClosed?: (id: number) => Promise<boolean>;
}): Promise<ToolResult> {
  const { lang } = input;
  const t = finishText(lang, input.audience);
  // A person is left a to-do (record, set an upstream, publish, review the issue): `?` and exit 3 as observe's
  // waiting states, not a check mark (#25 walk-through 16). An agent's envelope stays ok with its pending_actions.
  const todo = input.audience === 'person' ? needInput : ok;
  const st = await readStatus(input.git, input.projectRoot, lang);
  const { data: state } = judgeWork(st, input.defaultIssue, lang, input.audience);
  const base = { work_state: state.work_state, default_issue: input.defaultIssue };
  if (state.blocked_by?.length) {
    throw new ButlerError('policy_blocked', t.cannot(describeBlock(state.blocked_by, lang)), stateText(lang, input.audience).blockedHint, {
      ...base,
      blocked_by: state.blocked_by,
    });
  }
  if (state.dirty_count > 0) {
    return todo(t.unrecorded, {
      ...base,
      pending_actions: [{ action: 'work_record', reason: t.unrecordedReason(state.dirty_count), required_args: ['message'] }],
    });
  }
  if (state.unpublished_count === null) {
    const why = state.upstream ? stateText(lang, input.audience).why(state.upstream, st.branch) : '';
    return todo(t.noUpstream, {
      ...base,
      upstream: state.upstream,
      pending_actions: [{ action: 'configure_upstream', reason: t.noUpstreamReason(why), required_args: [] }],
    });
  }
  if (state.unpublished_count > 0) {
    const publish = {
      action: 'work_publish',
      reason: t.unpublishedReason(state.unpublished_count, state.upstream?.ref ?? null),
      required_args: [],
    };
    // Diverged: the publish would be rejected until the remote records are integrated.
    const sync =
      state.required_action?.tool === 'work_sync'
        ? [{ action: 'work_sync', reason: state.required_action.reason ?? '', required_args: [] }]
        : [];
    return todo(t.unpublished, { ...base, pending_actions: [...sync, publish] });
  }
  const issue = input.defaultIssue;
  if (issue === null || (await input.issueClosed?.(issue))) {
    return ok(t.done, { ...base, pending_actions: [] });
  }
  const pending: PendingAction[] = [
    { action: 'issue_comment', reason: t.commentReason(issue), required_args: ['issue_id', 'body'], args: { issue_id: issue } },
    { action: 'issue_close', reason: t.closeReason(issue), required_args: ['issue_id'], args: { issue_id: issue } },
  ];
  return todo(t.review, { ...base, pending_actions: pending });
}
