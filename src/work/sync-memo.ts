import { readGitMemo, writeGitMemo } from '../shared/git-refs.js';
import type { GitRunner } from '../shared/git.js';

/**
 * What a `work sync` that stopped on a conflict leaves: nothing in the repository (the rebase is aborted, the branch
 * and files are as before: sync.ts undoRebase), so a memo in the git dir remembers it, keyed by HEAD and the
 * upstream's commit. While both are unchanged the same sync would conflict again: a person's observe then says to
 * resolve by hand instead of proposing `work sync` (#25 walk-through 13). A new record or fetch is another key.
 */
const MEMO = 'sync-conflict.json';
/** Linux's PATH_MAX: git cannot check out a longer path. */
const PATH_MAX = 4096;

async function keyOf(git: GitRunner, root: string, upstream: string): Promise<string | null> {
  const r = await git(root, ['rev-parse', 'HEAD', `${upstream}^{commit}`, '--']).catch(() => null);
  return r && r.exitCode === 0 ? r.stdout.trim().split('\n').join(' ') : null;
}

/** Best effort: without it observe proposes the sync again, as before. */
export async function rememberConflict(git: GitRunner, root: string, upstream: string, files: string[]): Promise<void> {
  const key = await keyOf(git, root, upstream);
  if (key) writeGitMemo(root, MEMO, key, files);
}

/** The files of the last sync's conflict when HEAD and the upstream are still where they were; null otherwise. */
export async function lastConflict(git: GitRunner, root: string, upstream: string): Promise<string[] | null> {
  const key = await keyOf(git, root, upstream);
  const files = key ? readGitMemo(root, MEMO, key) : null;
  // The git dir is writable by whoever hands over the clone: a name longer than a path can be is no conflict's.
  return Array.isArray(files) && files.every((f) => typeof f === 'string' && f.length <= PATH_MAX) ? files : null;
}
