import type { Audience } from '../shared/audience.js';
import type { Lang } from '../shared/config.js';
import { ButlerError } from '../shared/errors.js';
import { ok, type ToolResult } from '../shared/result.js';
import { type GitResult, type GitRunner, REMOTE_AUTH_FAILED, REMOTE_UNREACHABLE } from '../shared/git.js';
import { syncText } from './messages/sync.js';
import { judgeWork, refuseWhenBlocked } from './observe.js';
import { publishText } from './messages/publish.js';
import { gitFailure, gitOk, readRepoFlags } from './repo.js';
import { readStatus } from './status.js';
import { rememberConflict } from './sync-memo.js';

/** A fetch that hangs (a dead host, a stalled proxy) must not hold the session: this bounds it. */
export const FETCH_TIMEOUT_MS = 60_000;

export interface SyncInput {
  projectRoot: string;
  defaultIssue: number | null;
  git: GitRunner;
  lang?: Lang;
  /** Whose words: an agent's by default, a person's from the CLI (docs/decisions.md D37). */
  audience?: Audience;
  /** Tests shorten it to prove the bound. */
  fetchTimeoutMs?: number;
}

/**
 * Config for the rebase: never stash (the tree is clean by then, and a stash could be left behind)
 * and never move other branches. `-c` rather than flags, so that an older git ignores what it lacks.
 */
const REBASE = ['-c', 'rebase.autoStash=false', '-c', 'rebase.updateRefs=false', 'rebase', '--quiet'];

/** Classifies a failed fetch by what git printed; the raw text goes only to the diagnostic. */
function fetchFailure(r: GitResult, timeoutMs: number, branch: string, root: string, lang: Lang, to?: Audience): ButlerError {
  const t = syncText(lang, to);
  const raw = `${r.stderr}\n${r.stdout}`;
  const diagnostic = `exit ${r.exitCode}: ${raw.trim()}`.slice(0, 2000);
  const fail = (code: 'auth_failed' | 'backend_error', [summary, hint]: readonly [string, string]) =>
    new ButlerError(code, summary, hint, { branch }, diagnostic);
  if (r.timedOut) return fail('backend_error', t.timeout(Math.round(timeoutMs / 1000)));
  if (REMOTE_AUTH_FAILED.test(raw)) {
    return fail('auth_failed', t.auth);
  }
  if (REMOTE_UNREACHABLE.test(raw)) {
    return fail('backend_error', t.unreachable);
  }
  const e = gitFailure(r, 'fetch', root, lang);
  return new ButlerError(e.code, t.failed, e.hint, { branch }, diagnostic);
}

/**
 * work_sync: fetches the upstream and integrates it into the current branch. Fast-forward when
 * nothing local is unpublished, otherwise the unpublished records are replayed on top (rebase).
 * A conflict aborts the rebase, so the branch, the files and the index are exactly as before.
 */
export async function syncWork(input: SyncInput): Promise<ToolResult> {
  const lang = input.lang ?? 'en';
  const t = syncText(lang, input.audience);
  const { git } = input;
  const st = await readStatus(git, input.projectRoot, lang);
  const { data: state } = judgeWork(st, input.defaultIssue, lang, input.audience);
  refuseWhenBlocked(state, lang, t.cannot, input.audience);
  if (state.dirty_count > 0) {
    throw new ButlerError('policy_blocked', t.dirty(state.dirty_count), publishText(lang, input.audience).recordFirst, {
      work_state: state.work_state,
      required_action: state.required_action,
    });
  }
  const branch = st.branch!;
  const root = st.root;
  if (st.upstream === null) throw new ButlerError('upstream_not_configured', t.noUpstream(branch), t.noUpstreamHint, { branch });
  if (st.head === null) throw new ButlerError('policy_blocked', t.noRecords, t.noRecordsHint, { branch });
  const out = await gitOk(
    git,
    root,
    ['for-each-ref', '--format=%(upstream:remotename)', '--', `refs/heads/${branch}`],
    'for-each-ref',
    lang,
  );
  const remote = out.trim();
  if (!remote || remote.startsWith('-'))
    throw new ButlerError('upstream_not_configured', t.noUpstream(branch), t.noUpstreamHint, { branch });

  const timeoutMs = input.fetchTimeoutMs ?? FETCH_TIMEOUT_MS;
  const fetched = await git(root, ['fetch', '--quiet', '--end-of-options', remote], { timeoutMs });
  if (fetched.exitCode !== 0) throw fetchFailure(fetched, timeoutMs, branch, root, lang, input.audience);

  const ref = st.upstream;
  const up = await git(root, ['rev-parse', '--verify', '--quiet', '@{upstream}']);
  const theirs = up.stdout.trim();
  if (up.exitCode !== 0 || !theirs) throw new ButlerError('upstream_not_configured', t.gone(ref), t.goneHint, { branch, upstream: ref });
  const [ahead, behind] = await counts(git, root, theirs, lang);
  const base = { branch, upstream: ref, head: st.head };
  if (behind === 0) {
    return ok(ahead ? t.upToDateAhead(ref, ahead) : t.upToDate(ref), {
      ...base,
      mode: 'none',
      integrated: 0,
      ahead,
      behind,
      ...publishNext(ahead, ref, lang),
    });
  }
  if (ahead === 0) {
    await gitOk(git, root, ['merge', '--ff-only', '--quiet', '--no-stat', theirs], 'merge', lang);
    const head = (await gitOk(git, root, ['rev-parse', 'HEAD'], 'rev-parse', lang)).trim();
    return ok(t.fastForward(behind, ref), {
      ...base,
      head,
      mode: 'fast_forward',
      integrated: behind,
      ahead: 0,
      behind: 0,
      required_action: null,
    });
  }
  const r = await git(root, [...REBASE, theirs], { env: { GIT_EDITOR: 'true' } });
  if (r.exitCode !== 0) await undoRebase(git, root, st.head, st.gitDir, r, { ...base, ahead, behind }, lang, input.audience);
  const head = (await gitOk(git, root, ['rev-parse', 'HEAD'], 'rev-parse', lang)).trim();
  // Records already on the remote (same change) are dropped by the rebase; count what is left.
  const [mine] = await counts(git, root, theirs, lang);
  return ok(t.rebased(behind, mine, ref), {
    ...base,
    head,
    mode: 'rebase',
    integrated: behind,
    ahead: mine,
    behind: 0,
    ...publishNext(mine, ref, lang),
  });
}

async function counts(git: GitRunner, root: string, theirs: string, lang: Lang): Promise<[number, number]> {
  const out = await gitOk(git, root, ['rev-list', '--left-right', '--count', `HEAD...${theirs}`], 'rev-list', lang);
  const [a = 0, b = 0] = out.trim().split(/\s+/).map(Number);
  return [a, b];
}

function publishNext(ahead: number, ref: string, lang: Lang) {
  if (!ahead) return { required_action: null };
  // Publishing is the user's call: named, never required (issue 22).
  return {
    required_action: null,
    ask_user_first: { tool: 'work_publish', args: {}, reason: syncText(lang).publishReason(ahead, ref), required_args: [] },
  };
}

/**
 * A stopped rebase: name the conflicting paths, abort, and prove the abort left the branch where it
 * was. Always throws: `conflict` when the tree is back as before, otherwise a clear backend_error.
 */
async function undoRebase(
  git: GitRunner,
  root: string,
  before: string,
  gitDir: string,
  r: GitResult,
  data: Record<string, unknown>,
  lang: Lang,
  to?: Audience,
): Promise<never> {
  const t = syncText(lang, to);
  const diagnostic = `exit ${r.exitCode}: ${`${r.stderr}\n${r.stdout}`.trim()}`.slice(0, 2000);
  const u = await git(root, ['diff', '--name-only', '--diff-filter=U', '-z']);
  const files = u.stdout.split('\0').filter(Boolean);
  const flags = await readRepoFlags(gitDir);
  if (flags.inProgress.includes('rebase')) await git(root, ['rebase', '--abort']);
  const [head, status, after] = await Promise.all([
    git(root, ['rev-parse', 'HEAD']),
    git(root, ['--no-optional-locks', 'status', '--porcelain', '--untracked-files=no']),
    readRepoFlags(gitDir),
  ]);
  if (head.stdout.trim() !== before || status.stdout.trim() !== '' || after.inProgress.length > 0) {
    throw new ButlerError('backend_error', t.stuck, t.stuckHint, { ...data, conflicted_files: files }, diagnostic);
  }
  if (files.length === 0) throw new ButlerError('backend_error', t.integrateFailed, repoHint(lang), data, diagnostic);
  await rememberConflict(git, root, String(data.upstream), files);
  throw new ButlerError(
    'conflict',
    t.conflict(files),
    t.conflictHint(files, String(data.upstream)),
    { ...data, diverged: true, conflicted_files: files },
    diagnostic,
  );
}

const repoHint = (lang: Lang) => gitFailure({ stdout: '', stderr: '', exitCode: 1 }, 'rebase', '', lang).hint;
