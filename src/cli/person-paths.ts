import { existsSync } from 'node:fs';
import path from 'node:path';
import type { GitRunner } from '../shared/git.js';
import { GIT_SAFETY } from '../shared/git.js';
import type { cliErrors } from './messages/errors.js';
import { UsageError } from './outcome.js';

/**
 * A person types a path from the folder they stand in; the tools take `path` from the project root
 * (agents pass root-relative paths). Newcomer walk-through 5: in `sub/deep`, `work diff --path body.md`
 * answered "no unrecorded changes" for a changed `sub/deep/body.md`. An absolute path stays absolute;
 * from outside the project (`--project DIR`) the path is the project's, as for an agent.
 */
export function pathFromHere<T extends Record<string, unknown>>(args: T, cwd: string, root: string): T {
  const p = args.path;
  const here = path.relative(root, cwd);
  if (typeof p !== 'string' || path.isAbsolute(p) || here.startsWith('..') || path.isAbsolute(here)) return args;
  const rel = path.relative(root, path.resolve(cwd, p));
  return { ...args, path: rel === '' ? '.' : rel.split(path.sep).join('/') };
}

/**
 * A `--path` that names no file and nothing git knows (in the index or any record) is a usage error, not "no
 * changes" (newcomer walk-through 10: in `sub/deep`, `work diff --path sub/deep/f.txt` said "✓ No unrecorded
 * changes" for a new file). When the typed path names something from the top of the repository, the message says
 * that a path is read from the current folder. `typed`: as typed; `rel`: as pathFromHere made it. When git cannot
 * answer (a path outside the repository), the tool says what is wrong.
 */
export async function checkPath(
  typed: string,
  rel: string,
  root: string,
  cwd: string,
  git: GitRunner,
  t: ReturnType<typeof cliErrors>,
): Promise<void> {
  const known = await names(rel, root, git);
  if (known !== false) return;
  const fromTop = typed !== rel && !path.isAbsolute(typed) && (await names(typed, root, git)) === true;
  const here = path.relative(root, cwd).split(path.sep).join('/');
  throw new UsageError(fromTop ? t.pathFromTop(typed, here, path.relative(cwd, path.join(root, typed))) : t.pathMatchesNothing(typed));
}

/** Whether `rel` (from the root) is a file or folder here, or a path git has in its index or history; null when git cannot say. */
async function names(rel: string, root: string, git: GitRunner): Promise<boolean | null> {
  if (existsSync(path.resolve(root, rel))) return true;
  const index = await git(root, [...GIT_SAFETY, 'ls-files', '--cached', '--', rel]).catch(() => null);
  const history = await git(root, [...GIT_SAFETY, 'log', '-1', '--format=%h', '--', rel]).catch(() => null);
  if (!index || index.exitCode !== 0) return null;
  // An unborn branch has no history to search: the index and the work tree are all there is.
  return index.stdout.trim() !== '' || (history?.exitCode === 0 && history.stdout.trim() !== '');
}
