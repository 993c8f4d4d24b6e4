// What the last index write knew that the index file cannot say, kept in the git dir (shared/git-memo.ts)
// so a start does not rebuild the index from every snapshot file again and again (issue #22: ~250 ms with
// 500 snapshots, at every start). Keyed by the index file as Butler wrote it (a checkout or pull that
// replaces the file gives it another inode and mtime, so the memo no longer applies):
// - a tracked index.json is a commit's word and is rebuilt from the files (tracked-logs.ts); once Butler
//   has rewritten it, it is Butler's word again until something replaces the file;
// - snapshot files whose METADATA does not parse: the rebuild cannot list them, so "the index misses a
//   file here" would hold forever. They count as seen while the index is the one written with them.
import { fileKey, readGitMemo, writeGitMemo } from '../shared/git-memo.js';

/** The unreadable snapshot file names when the memo describes the index file as it is now; else null. */
export function currentMemo(root: string, indexFile: string): string[] | null {
  const key = fileKey(indexFile);
  const v = key && readGitMemo(root, 'index-memo', key);
  return Array.isArray(v) ? v : null;
}

/** Remembers the index file just written, when it matters (a tracked index, or unreadable files). */
export function rememberIndex(root: string, indexFile: string, unreadable: string[], tracked: boolean): void {
  const key = (tracked || unreadable.length > 0) && fileKey(indexFile);
  if (key) writeGitMemo(root, 'index-memo', key, unreadable);
}
