import path from 'node:path';
import { invalidArgument } from './errors.js';

// The hooks' paths, joined by concatenation where that is what path.join would return. path.join and
// path.resolve normalize character by character in JavaScript, which a hook process (one start, nothing
// warmed up) pays for at some 700 instructions a character: the SessionStart hook made some 90 such calls.
/** No empty, `.` or `..` segment in a path that starts and ends with `/` (string searches: no regex to compile). */
const plainSegments = (p: string): boolean => !p.includes('//') && !p.includes('/./') && !p.includes('/../');

/** True when path.join and path.resolve return `p` unchanged: absolute, in normal form, no trailing slash (POSIX only). */
export const isNormalAbsolute = (p: string): boolean => path.sep === '/' && p.startsWith('/') && plainSegments(`${p}/`);

/** path.join(dir, ...names), without its normalization when `dir` is in normal form and each name is plain. */
export function joinPlain(dir: string, ...names: string[]): string {
  if (!isNormalAbsolute(dir)) return path.join(dir, ...names);
  let out = dir;
  for (const n of names) {
    if (!plainSegments(`/${n}/`)) return path.join(dir, ...names);
    out += `/${n}`;
  }
  return out;
}

/** The folder holding `file`, as path.resolve(file, '..') names it. */
export const parentOf = (file: string): string => (isNormalAbsolute(file) ? path.dirname(file) : path.resolve(file, '..'));

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
