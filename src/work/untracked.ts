import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { Lang } from '../shared/config.js';
import type { GitRunner } from '../shared/git.js';
import { gitFailure, gitOk } from './repo.js';
import { isPrivatePath } from './status.js';

/**
 * Untracked files under the pathspec, one path per file: `git status` lists a new folder as `dir/`,
 * but work_record records every file in it, so the diff names them all.
 */
export async function untrackedFiles(git: GitRunner, top: string, pathspec: string[], lang: Lang): Promise<string[]> {
  const args = ['--literal-pathspecs', 'ls-files', '-z', '--others', '--exclude-standard', '--', ...pathspec];
  const out = await gitOk(git, top, args, 'ls-files', lang);
  return out.split('\0').filter((p) => p !== '' && !isPrivatePath(p));
}

/**
 * Runs `fn` with an environment whose index is a throwaway copy of the user's with `files` added
 * as intent-to-add (`git add -N`), so a diff shows new files as patches, as they will be recorded.
 * The user's own index is never written; the copy lives in the git dir and is always removed.
 */
export async function withIntentToAdd<T>(
  git: GitRunner,
  top: string,
  gitDir: string,
  files: string[],
  lang: Lang,
  fn: (env?: Record<string, string>) => Promise<T>,
): Promise<T> {
  if (files.length === 0) return fn(undefined);
  const tmp = path.join(gitDir, `butler-diff-index-${randomBytes(6).toString('hex')}`);
  try {
    // No index yet (a repository without commits) is fine: git starts an empty one.
    await fsp.copyFile(path.join(gitDir, 'index'), tmp).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
    const env = { GIT_INDEX_FILE: tmp };
    // Paths on stdin: a folder of thousands of new files must not overflow the argument list.
    const add = ['--literal-pathspecs', 'add', '-N', '--pathspec-from-file=-', '--pathspec-file-nul'];
    const r = await git(top, add, { env, input: `${files.join('\0')}\0` });
    if (r.exitCode !== 0) throw gitFailure(r, 'add -N', top, lang);
    return await fn(env);
  } finally {
    await Promise.all([fsp.rm(tmp, { force: true }), fsp.rm(`${tmp}.lock`, { force: true })]);
  }
}
