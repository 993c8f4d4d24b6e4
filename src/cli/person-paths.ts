import path from 'node:path';

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
