import { ButlerError } from '../shared/errors.js';
import { ok, type ToolResult } from '../shared/result.js';
import { assertSafeRef, type GitResult, type GitRunner } from './git.js';
import { describeBlock, judgeWork } from './observe.js';
import { gitFailure, gitOk, indexLocked } from './repo.js';
import { readStatus } from './status.js';

export const RECORD_FIRST_HINT = 'Record the changes with work_record first.';

export interface PublishInput {
  projectRoot: string;
  defaultIssue: number | null;
  git: GitRunner;
  /** Worker surface only: push to this remote and make it the upstream when none is set. */
  setUpstream?: { remote: string };
}

/** Classifies a failed push by what git printed; the raw text goes only to the diagnostic. */
export function classifyPushFailure(r: GitResult, branch: string, root: string): ButlerError {
  const raw = `${r.stderr}\n${r.stdout}`;
  const diagnostic = `exit ${r.exitCode}: ${raw.trim()}`.slice(0, 2000);
  if (/\[rejected\]|non-fast-forward|fetch first|\(stale info\)/i.test(raw)) {
    return new ButlerError(
      'conflict',
      'The remote has records this branch does not have; nothing was published',
      'Someone published first. Ask the user to integrate the remote work (pull or rebase), then call work_publish again.',
      { branch },
      diagnostic,
    );
  }
  if (/authentication failed|could not read (username|password)|permission denied|publickey|\b40[13]\b|access denied|terminal prompts disabled/i.test(raw)) {
    return new ButlerError('auth_failed', 'The remote refused the credentials; nothing was published', 'Ask the user to check their git credentials for this remote.', { branch }, diagnostic);
  }
  if (/\[remote rejected\]|protected branch|hook declined/i.test(raw)) {
    return new ButlerError('policy_blocked', 'The remote refused the records (protected branch or server hook)', 'Ask the user how this branch may be published.', { branch }, diagnostic);
  }
  if (/could not resolve host|unable to access|connection (refused|timed out)|could not read from remote/i.test(raw)) {
    return new ButlerError('backend_error', 'The remote could not be reached; nothing was published', 'Check the network or the remote URL, then retry.', { branch }, diagnostic);
  }
  const e = gitFailure(r, 'push', root);
  return new ButlerError(e.code, 'Publishing failed', e.hint, { branch }, diagnostic);
}

/** work_publish: pushes recorded work to the branch's upstream; refuses while anything is unrecorded. */
export async function publishWork(input: PublishInput): Promise<ToolResult> {
  const st = await readStatus(input.git, input.projectRoot);
  const { data: state } = judgeWork(st, input.defaultIssue);
  if (state.blocked_by?.length) {
    if (state.blocked_by.length === 1 && state.blocked_by[0] === 'index_locked') throw indexLocked();
    throw new ButlerError('policy_blocked', `Cannot publish: ${describeBlock(state.blocked_by)}`, 'Ask the user to finish or abort it, then call work_observe.', {
      work_state: 'blocked',
      blocked_by: state.blocked_by,
    });
  }
  if (state.dirty_count > 0) {
    throw new ButlerError('policy_blocked', `Cannot publish: ${state.dirty_count} unrecorded change(s)`, RECORD_FIRST_HINT, {
      work_state: state.work_state,
      required_action: state.required_action,
    });
  }
  const branch = st.branch!;
  const root = st.root;
  if (st.head === null) {
    throw new ButlerError('policy_blocked', 'Nothing to publish: this branch has no records yet', 'Record work with work_record first.', { branch });
  }
  let remote: string;
  let remoteRef: string;
  if (input.setUpstream && state.upstream?.status !== 'tracking') {
    remote = assertSafeRef(input.setUpstream.remote, 'remote');
    remoteRef = `refs/heads/${branch}`;
  } else {
    if (state.upstream?.status !== 'tracking') {
      throw new ButlerError(
        'upstream_not_configured',
        `Branch ${branch} has no upstream to publish to`,
        'Ask the user to set an upstream for this branch once (for example by pushing it with -u); then call work_publish again.',
        { branch, upstream: state.upstream },
      );
    }
    if (state.unpublished_count === 0) {
      return ok('Already published', { published: 0, branch, upstream: state.upstream.ref, head: st.head });
    }
    // One call for both halves: a remote name may itself contain "/", so "origin/main" cannot be split.
    const out = await gitOk(input.git, root, ['for-each-ref', '--format=%(upstream:remotename)%00%(upstream:remoteref)', '--', `refs/heads/${branch}`], 'for-each-ref');
    [remote = '', remoteRef = ''] = out.trim().split('\0');
  }
  if (!remote || !remoteRef || remote.startsWith('-') || remoteRef.startsWith('-')) {
    throw new ButlerError('upstream_not_configured', `Branch ${branch} has no usable upstream`, 'Ask the user to check the branch upstream.', { branch });
  }
  const args = ['push', '--porcelain', ...(input.setUpstream ? ['--set-upstream'] : []), '--end-of-options', remote, `HEAD:${remoteRef}`];
  const r = await input.git(root, args, { timeoutMs: 120_000 });
  if (r.exitCode !== 0) throw classifyPushFailure(r, branch, root);
  const count = state.unpublished_count ?? null;
  return ok(count ? `Published ${count} record(s) to ${state.upstream?.ref ?? remote}` : `Published to ${remote}`, {
    published: count,
    branch,
    upstream: state.upstream?.ref ?? `${remote}/${branch}`,
    head: st.head,
  });
}
