import { lstatSync, promises as fsp } from 'node:fs';
import path from 'node:path';
import { ButlerError } from './errors.js';
import { isInside, isNormalAbsolute } from './paths.js';

/**
 * Refuses a write whose path, below `root`, passes through a symbolic link: a cloned repository (or an
 * agent) can plant `session_logs -> /home/user/.ssh`, and mkdir / rename would follow it out of the
 * project. Checks every existing component from `root` down to `file` itself with lstat, so a link
 * put in place of a file Butler owns is refused too, not silently replaced.
 */
export async function assertNoLinks(root: string, file: string): Promise<void> {
  for (const at of componentsBelow(root, file)) {
    const st = await fsp.lstat(at).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    if (st === null) return; // the rest is created by Butler, below a real folder
    if (st.isSymbolicLink()) throw linkError(path.relative(root, at), 'link');
  }
}

/** assertNoLinks with sync fs, for the SessionStart hook (fs.promises alone costs it milliseconds to load). */
export function assertNoLinksSync(root: string, file: string): void {
  for (const at of componentsBelow(root, file)) {
    const st = lstatSync(at, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isSymbolicLink()) throw linkError(path.relative(root, at), 'link');
  }
}

/**
 * assertNoLinksSync as a yes or no, for a read: a committed link (`session_logs/handover/x.md ->
 * ../../other-project/…`) would show a file from outside the project as this project's.
 */
export function linkFree(root: string, file: string): boolean {
  try {
    assertNoLinksSync(root, file);
    return true;
  } catch {
    return false;
  }
}

/** Every path from below `root` down to `file` itself; refuses a file outside `root`. */
function componentsBelow(root: string, file: string): string[] {
  // Both already in normal form (the hooks' case): what the path calls below return, without their cost.
  if (isNormalAbsolute(root) && isNormalAbsolute(file) && file.startsWith(`${root}/`)) {
    let below = root;
    return file
      .slice(root.length + 1)
      .split('/')
      .map((part) => (below = `${below}/${part}`));
  }
  const abs = path.resolve(root, file);
  // Stryker disable next-line StringLiteral: any value but 'link' selects the same 'outside' message
  if (!isInside(root, abs)) throw linkError(path.relative(root, abs), 'outside');
  const parts = path.relative(path.resolve(root), abs).split(path.sep).filter(Boolean);
  let at = path.resolve(root);
  return parts.map((part) => (at = path.join(at, part)));
}

function linkError(rel: string, why: 'link' | 'outside'): ButlerError {
  const shown = rel.split(path.sep).join('/');
  return why === 'link'
    ? new ButlerError(
        'policy_blocked',
        `Refusing to follow the symbolic link ${shown}`,
        `Replace ${shown} with a real folder or file inside the project, then retry.`,
        { link: shown },
      )
    : new ButlerError('policy_blocked', `Refusing to write outside the project: ${shown}`, 'Write only inside the project folder.', {
        path: shown,
      });
}

/** True when `file` itself is a symbolic link (reads of files Butler owns refuse those). */
export async function isSymlink(file: string): Promise<boolean> {
  // Stryker disable next-line ArrowFunction: undefined and null both give false through ?. and ??
  return (await fsp.lstat(file).catch(() => null))?.isSymbolicLink() ?? false;
}
