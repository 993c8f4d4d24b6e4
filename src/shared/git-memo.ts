// A small JSON file of Butler's under the git dir (.git/butler/NAME, per work tree) that remembers an
// answer keyed by the state it was computed from, so a hook does not compute it again at every start
// (issue #22). No commit or fetch writes there; a memo whose key does not match is no memo.
import path from 'node:path';
import { readFileSync, statSync } from 'node:fs';
import { writeFileAtomicSync } from './fs.js';
import { butlerGitFile } from './git-refs.js';

/** The remembered value when the memo was written for `key`; null otherwise. */
export function readGitMemo(root: string, name: string, key: string): unknown {
  try {
    const memo = JSON.parse(readFileSync(butlerGitFile(root, name, 'gitDir') as string, 'utf8'));
    return memo?.key === key ? memo.value : null;
  } catch {
    return null;
  }
}

/** Best effort: without it the answer is only computed again. */
export function writeGitMemo(root: string, name: string, key: string, value: unknown): void {
  const file = butlerGitFile(root, name, 'gitDir');
  try {
    if (file) writeFileAtomicSync(file, `${JSON.stringify({ key, value })}\n`, { within: path.dirname(path.dirname(file)) });
  } catch {
    // read-only git dir
  }
}

/** A file's identity for a memo key: size, mtime and inode (a replaced file has another). */
export function fileKey(file: string): string | null {
  try {
    const st = statSync(file);
    return `${st.size}:${st.mtimeMs}:${st.ino}`;
  } catch {
    return null;
  }
}
