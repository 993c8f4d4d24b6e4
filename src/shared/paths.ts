import path from 'node:path';
import { invalidArgument } from './errors.js';

/** True when `child` is `parent` itself or lies inside it (after resolving `..`). */
export function isInside(parent: string, child: string): boolean {
  const rel = path.relative(path.resolve(parent), path.resolve(child));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Resolves a caller-supplied path against `root` and refuses anything that escapes it.
 * Returns the absolute path and the root-relative POSIX form.
 */
export function confinePath(root: string, input: string, what = 'path'): { abs: string; rel: string } {
  if (input.includes('\0')) throw invalidArgument(`${what} contains a NUL byte`, `Pass a path inside the project.`);
  const abs = path.resolve(root, input);
  if (!isInside(root, abs)) {
    throw invalidArgument(`${what} leaves the project folder`, `Pass a path inside ${root}.`, { [what]: input });
  }
  return { abs, rel: path.relative(root, abs).split(path.sep).join('/') };
}
