import path from 'node:path';
import { type GitResult, type GitRunner, REMOTE_AUTH_FAILED, REMOTE_UNREACHABLE } from '../shared/git.js';
import { withFileLock } from '../shared/lock.js';

/** Where shared snapshots live on the remote, and the local copy of what was last fetched. */
export const SHARE_REF = 'refs/butler/handover';
export const FETCHED_REF = 'refs/butler/remote-handover';

/** Why a share or a fetch did not happen; `detail` is raw git text, for `diagnostic` only. */
export class ShareFailure extends Error {
  constructor(
    readonly reason: 'no_upstream' | 'unreachable' | 'rejected' | 'git_error',
    readonly detail = '',
  ) {
    super(reason);
  }
}

export interface ShareGitOptions {
  git: GitRunner;
  root: string;
  /** Bound for each network call (fetch, push). */
  timeoutMs: number;
  /** Epoch ms after which no network call starts (pushShared: all its retries together). */
  deadline?: number;
}

/** One file of the shared tree: a path under `snapshots/` or `receipts/`, and its text. */
export interface SharedFile {
  path: string;
  text: string;
}

export async function run(
  o: ShareGitOptions,
  args: string[],
  extra: { input?: string; env?: Record<string, string>; network?: boolean } = {},
): Promise<GitResult> {
  const left = extra.network && o.deadline !== undefined ? o.deadline - Date.now() : o.timeoutMs;
  if (left <= 0) throw new ShareFailure('unreachable', 'the time bound for sharing ran out');
  try {
    return await o.git(o.root, args, {
      input: extra.input,
      env: extra.env,
      timeoutMs: extra.network ? Math.min(o.timeoutMs, left) : 30_000,
    });
  } catch (err) {
    // The runner throws only when git cannot be started at all.
    throw new ShareFailure(extra.network ? 'unreachable' : 'git_error', String((err as Error)?.message ?? err).slice(0, 1000));
  }
}

export async function ok(o: ShareGitOptions, args: string[], extra: Parameters<typeof run>[2] = {}): Promise<string> {
  const r = await run(o, args, extra);
  if (r.exitCode !== 0) throw new ShareFailure('git_error', `git ${args[0]}: exit ${r.exitCode}: ${r.stderr}`.slice(0, 1000));
  return r.stdout;
}

/**
 * The remote snapshots travel through: the current branch's upstream remote, else the only remote.
 * Read from the clone's own git config, never from the work tree.
 */
export async function shareRemote(o: ShareGitOptions): Promise<string> {
  const head = (await run(o, ['symbolic-ref', '-q', 'HEAD'])).stdout.trim();
  // Stryker disable next-line ConditionalExpression: a detached HEAD has no upstream: for-each-ref of '' prints nothing
  if (head) {
    const up = (await run(o, ['for-each-ref', '--format=%(upstream:remotename)', '--', head])).stdout.trim();
    if (up && !up.startsWith('-')) return up;
  }
  const remotes = (await run(o, ['remote'])).stdout
    .split('\n')
    .map((r) => r.trim())
    .filter(Boolean);
  if (remotes.length === 1 && !remotes[0]!.startsWith('-')) return remotes[0]!;
  throw new ShareFailure('no_upstream');
}

/** Sharing reports a refused login like an unreachable remote: either way the snapshot stays local. */
export const UNREACHABLE = {
  test: (raw: string) => REMOTE_UNREACHABLE.test(raw) || REMOTE_AUTH_FAILED.test(raw) || /timed out/i.test(raw),
};

/**
 * Runs `fn` while holding this clone's share lock (`butler-share.lock` in the git common dir, so every
 * worktree of the clone takes the same one). Two shares at once from one clone both update FETCHED_REF,
 * and git refuses the second update ("cannot lock ref … is at … but expected …", issue #27): fetches
 * and pushes of one clone take turns. The wait is bounded by the longest a holder can take.
 */
export async function withShareLock<T>(o: ShareGitOptions, fn: () => Promise<T>): Promise<T> {
  const dir = (await ok(o, ['rev-parse', '--git-common-dir'])).trim();
  const common = path.resolve(o.root, dir);
  return withFileLock(path.join(common, 'butler-share'), fn, { within: common, timeoutMs: o.timeoutMs * 2 + 10_000 });
}

/**
 * Fetches the shared ref into FETCHED_REF; returns its commit, or null when the remote has none yet.
 * A forced update on purpose: the local copy mirrors the remote, whatever it holds now.
 */
export async function fetchShared(o: ShareGitOptions, remote?: string): Promise<string | null> {
  return withShareLock(o, () => fetchUnlocked(o, remote));
}

/** fetchShared for a caller that holds the share lock already. */
export async function fetchUnlocked(o: ShareGitOptions, remote?: string): Promise<string | null> {
  const from = remote ?? (await shareRemote(o));
  const r = await run(
    o,
    ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', '--end-of-options', from, `+${SHARE_REF}:${FETCHED_REF}`],
    { network: true },
  );
  if (r.exitCode !== 0) {
    if (/couldn't find remote ref/i.test(r.stderr)) return null;
    throw new ShareFailure(UNREACHABLE.test(r.stderr) || r.timedOut ? 'unreachable' : 'git_error', r.stderr.slice(0, 1000));
  }
  return fetchedCommit(o);
}

/** The commit last fetched (or pushed), without touching the network; null when there is none. */
export async function fetchedCommit(o: ShareGitOptions): Promise<string | null> {
  const r = await run(o, ['rev-parse', '--verify', '--quiet', `${FETCHED_REF}^{commit}`]);
  // Stryker disable next-line ConditionalExpression: a failed --quiet --verify prints nothing, read as null
  return r.exitCode === 0 ? r.stdout.trim() || null : null;
}

/** path → blob id of every file in a shared commit. */
export async function sharedTree(o: ShareGitOptions, commit: string): Promise<Map<string, string>> {
  const out = await ok(o, ['ls-tree', '-r', '-z', '--full-tree', commit]);
  const files = new Map<string, string>();
  for (const rec of out.split('\0')) {
    // Stryker disable next-line Regex: ls-tree -z records start with the mode, and (.+) with /s reaches the end anyway
    const m = /^100644 blob ([0-9a-f]{40,64})\t(.+)$/s.exec(rec);
    if (m) files.set(m[2]!, m[1]!);
  }
  return files;
}

/**
 * The text of blobs: sizes in one batch call, then each one read; a blob that is missing, larger
 * than `maxBytes`, or past `totalBytes` in all is left out (a flood on the ref costs bounded reads).
 */
export async function readBlobs(o: ShareGitOptions, ids: string[], maxBytes: number, totalBytes = Infinity): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  if (!ids.length) return texts;
  const sizes = await ok(o, ['cat-file', '--batch-check=%(objectname) %(objecttype) %(objectsize)'], { input: `${ids.join('\n')}\n` });
  let budget = totalBytes;
  const wanted: string[] = [];
  for (const [id, type, size] of sizes.split('\n').map((l) => l.split(' '))) {
    if (!id || type !== 'blob' || Number(size) > maxBytes || Number(size) > budget) continue;
    budget -= Number(size);
    wanted.push(id);
  }
  // One call per blob keeps the parsing trivial; only snapshots not seen before are read, and few of them.
  for (const id of wanted) texts.set(id, await ok(o, ['cat-file', 'blob', id]));
  return texts;
}

/** A shared snapshot's text from its blob on the fetched ref (read when it is read or accepted); null when gone or too large. */
export async function readSharedBlob(o: Pick<ShareGitOptions, 'git' | 'root'>, blob: string, maxBytes = 64 * 1024): Promise<string | null> {
  if (!/^[0-9a-f]{40,64}$/.test(blob)) return null;
  // Stryker disable next-line ArrowFunction: undefined reads as null below (`size?.`)
  const size = await o.git(o.root, ['cat-file', '-s', blob], { timeoutMs: 10_000 }).catch(() => null);
  // Stryker disable next-line MethodExpression: Number() ignores the newline cat-file -s ends with
  if (size?.exitCode !== 0 || Number(size.stdout.trim()) > maxBytes) return null;
  // Stryker disable next-line ArrowFunction: undefined reads as null below (`r?.`)
  const r = await o.git(o.root, ['cat-file', 'blob', blob], { timeoutMs: 10_000 }).catch(() => null);
  return r?.exitCode === 0 ? r.stdout : null;
}

/** The human behind the clone: git user.name / user.email, null when unset. */
export async function gitIdentity(o: Pick<ShareGitOptions, 'git' | 'root'>): Promise<{ name: string | null; email: string | null }> {
  const get = async (key: string) => {
    // Stryker disable next-line ArrowFunction: undefined reads as null below (`r?.`)
    const r = await o.git(o.root, ['config', '--get', key], { timeoutMs: 5_000 }).catch(() => null);
    const v = r?.exitCode === 0 ? r.stdout.trim().replace(/\s+/g, ' ').slice(0, 200) : '';
    return v || null;
  };
  return { name: await get('user.name'), email: await get('user.email') };
}
