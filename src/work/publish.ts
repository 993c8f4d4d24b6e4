import type { Audience } from '../shared/audience.js';
import type { Lang } from '../shared/config.js';
import { ButlerError } from '../shared/errors.js';
import { ok, type ToolResult } from '../shared/result.js';
import { type GitResult, type GitRunner, REMOTE_AUTH_FAILED, REMOTE_UNREACHABLE } from '../shared/git.js';
import { assertSafeRef } from './git.js';
import { judgeWork, refuseWhenBlocked } from './observe.js';
import { publishText } from './messages/publish.js';
import { gitFailure, gitOk } from './repo.js';
import { readStatus } from './status.js';

/** The English policy_blocked hint for a dirty tree; the Japanese one is verbatim (docs/decisions.md D27). */
export const RECORD_FIRST_HINT = publishText('en').recordFirst;

export interface PublishInput {
  projectRoot: string;
  defaultIssue: number | null;
  git: GitRunner;
  /** Worker surface only: push to this remote and make it the upstream when none is set. */
  setUpstream?: { remote: string };
  /** Summaries and hints; English when omitted (the worker surface resolves no language). */
  lang?: Lang;
  /** Whose words: an agent's by default, a person's from the CLI (docs/decisions.md D37). */
  audience?: Audience;
}

/** Classifies a failed push by what git printed; the raw text goes only to the diagnostic. */
export function classifyPushFailure(r: GitResult, branch: string, root: string, lang: Lang, to?: Audience): ButlerError {
  const t = publishText(lang, to);
  const raw = `${r.stderr}\n${r.stdout}`;
  const diagnostic = `exit ${r.exitCode}: ${raw.trim()}`.slice(0, 2000);
  const fail = (code: 'conflict' | 'auth_failed' | 'policy_blocked' | 'backend_error', [summary, hint]: readonly [string, string]) =>
    new ButlerError(code, summary, hint, { branch }, diagnostic);
  if (/\[rejected\]|non-fast-forward|fetch first|\(stale info\)/i.test(raw)) {
    // publish refuses a dirty tree before pushing, so the tree is clean here and work_sync can run.
    const sync = { tool: 'work_sync', args: {}, reason: t.syncReason, required_args: [] };
    return new ButlerError('conflict', t.rejected[0], t.rejected[1], { branch, required_action: sync }, diagnostic);
  }
  if (REMOTE_AUTH_FAILED.test(raw)) {
    return fail('auth_failed', t.auth);
  }
  if (/\[remote rejected\]|protected branch|hook declined/i.test(raw)) return fail('policy_blocked', t.refused);
  if (REMOTE_UNREACHABLE.test(raw)) {
    return fail('backend_error', t.unreachable);
  }
  const e = gitFailure(r, 'push', root, lang);
  return new ButlerError(e.code, t.failed, e.hint, { branch }, diagnostic);
}

/** work_publish: pushes recorded work to the branch's upstream; refuses while anything is unrecorded. */
export async function publishWork(input: PublishInput): Promise<ToolResult> {
  const lang = input.lang ?? 'en';
  const t = publishText(lang, input.audience);
  // A caller's remote is checked before anything else, whether or not it ends up being used.
  const asked = input.setUpstream ? assertSafeRef(input.setUpstream.remote, 'remote', lang) : null;
  const st = await readStatus(input.git, input.projectRoot, lang);
  const { data: state } = judgeWork(st, input.defaultIssue, lang, input.audience);
  refuseWhenBlocked(state, lang, t.cannot, input.audience);
  if (state.dirty_count > 0) {
    throw new ButlerError('policy_blocked', t.dirty(state.dirty_count), t.recordFirst, {
      work_state: state.work_state,
      required_action: state.required_action,
    });
  }
  const branch = st.branch!;
  const root = st.root;
  if (st.head === null) {
    throw new ButlerError('policy_blocked', t.noRecords, t.noRecordsHint, { branch });
  }
  let remote: string;
  let remoteRef: string;
  if (asked !== null && state.upstream?.status !== 'tracking') {
    remote = asked;
    remoteRef = `refs/heads/${branch}`;
  } else {
    if (state.upstream?.status !== 'tracking') {
      // With no remote at all, `git push -u` fails too: the hint names adding one first (#25 walk-through 14).
      const remotes = await gitOk(input.git, root, ['remote'], 'remote', lang);
      const hint = remotes.trim() ? t.noUpstreamHint : t.noRemoteHint;
      throw new ButlerError('upstream_not_configured', t.noUpstream(branch), hint, { branch, upstream: state.upstream });
    }
    if (state.unpublished_count === 0) {
      return ok(t.already, { published: 0, branch, upstream: state.upstream.ref, head: st.head });
    }
    // One call for both halves: a remote name may itself contain "/", so "origin/main" cannot be split.
    const out = await gitOk(
      input.git,
      root,
      ['for-each-ref', '--format=%(upstream:remotename)%00%(upstream:remoteref)', '--', `refs/heads/${branch}`],
      'for-each-ref',
      lang,
    );
    [remote = '', remoteRef = ''] = out.trim().split('\0');
  }
  if (!remote || !remoteRef || remote.startsWith('-') || remoteRef.startsWith('-')) {
    throw new ButlerError('upstream_not_configured', t.unusable(branch), t.unusableHint, { branch });
  }
  const args = ['push', '--porcelain', ...(input.setUpstream ? ['--set-upstream'] : []), '--end-of-options', remote, `HEAD:${remoteRef}`];
  const r = await input.git(root, args, { timeoutMs: 120_000 });
  if (r.exitCode !== 0) throw classifyPushFailure(r, branch, root, lang, input.audience);
  const count = state.unpublished_count ?? null;
  return ok(count ? t.published(count, state.upstream?.ref ?? remote) : t.publishedTo(remote), {
    published: count,
    branch,
    upstream: state.upstream?.ref ?? `${remote}/${branch}`,
    head: st.head,
  });
}
