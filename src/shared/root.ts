// The one root finder: where the repository that holds a folder starts. Plain fs calls, no git
// process (the hooks are timed, and work_observe must cost about one `git status`).
import { existsSync, promises as fsp } from 'node:fs';
import path from 'node:path';
import { joinPlain } from './paths.js';

/** The folders from `start` up to and including the repository root (the first one with `.git`). */
export function foldersUpToRoot(start: string): { folders: string[]; root: string | null } {
  const folders: string[] = [];
  let dir = path.resolve(start);
  for (;;) {
    folders.push(dir);
    if (existsSync(joinPlain(dir, '.git'))) return { folders, root: dir };
    const up = path.dirname(dir);
    if (up === dir) return { folders, root: null };
    dir = up;
  }
}

/** The repository root above `start` (where `.git` is), or null. */
export function findProjectRoot(start: string): string | null {
  return foldersUpToRoot(start).root;
}

export interface RepoLocation {
  /** Work tree top level, the folder that holds `.git`. */
  top: string;
  /** The per-worktree git dir, where MERGE_HEAD, rebase-merge/ and index.lock live. */
  gitDir: string;
}

/** Like findProjectRoot, and also resolves a `.git` file (linked worktree, submodule) to the real git dir. */
export async function locateRepo(start: string): Promise<RepoLocation | null> {
  let dir = path.resolve(start);
  for (;;) {
    const dotGit = path.join(dir, '.git');
    const stat = await fsp.stat(dotGit).catch(() => null);
    if (stat?.isDirectory()) return { top: dir, gitDir: dotGit };
    if (stat?.isFile()) {
      const text = await fsp.readFile(dotGit, 'utf8').catch(() => '');
      const m = /^gitdir:\s*(.+?)\s*$/m.exec(text);
      if (m?.[1]) return { top: dir, gitDir: path.resolve(dir, m[1]) };
    }
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}
