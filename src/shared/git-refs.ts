// Branch and HEAD read from the `.git` files, without a git process: the SessionStart hook is timed
// (issue 14), and spawning git costs more than the rest of its drift check. Only the plain layouts are
// read here (loose or packed refs/heads, a linked worktree's `gitdir:` + `commondir`, a detached HEAD);
// anything else (reftable, a symref chain, an odd ref name, an unreadable or missing file) answers null
// and the caller asks git itself.
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from './fs.js';
import { joinPlain, parentOf } from './paths.js';

export interface HeadFromFiles {
  /** null when HEAD is detached. */
  branch: string | null;
  head: string;
}

const OID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** A branch name git itself would accept, conservatively: what fails here goes to git, never to a path. */
function plainBranch(name: string): boolean {
  if (!name || name.length > 255 || name.endsWith('/') || name.endsWith('.lock') || name.endsWith('.')) return false;
  if (/[\x00-\x20\x7f~^:?*[\\]|\.\.|@\{|\/\//.test(name)) return false;
  return name.split('/').every((part) => part !== '' && !part.startsWith('.'));
}

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * HEAD's line and its loose branch ref's, as sh's `read` gives them (`ref: refs/heads/main <sha>`), for the
 * start memo's `h` line that the installed SessionStart command compares (src/install/start-launcher.ts).
 * Null where that command does not look: a linked worktree, a detached HEAD, a packed or unusual ref.
 */
export function looseHead(root: string): string | null {
  const dirs = gitDirs(root);
  if (!dirs || dirs.gitDir !== joinPlain(root, '.git') || dirs.common !== dirs.gitDir) return null;
  const head = readGitFile(joinPlain(dirs.gitDir, 'HEAD'), 4096);
  const ref = head && /^ref: (refs\/heads\/[!-~]+)\n$/.exec(head);
  const sha = ref?.[1] && readGitFile(joinPlain(dirs.gitDir, ...ref[1].split('/')), 4096);
  return head && sha && /^[0-9a-f]{40}(?:[0-9a-f]{24})?\n$/.test(sha) ? `${head.slice(0, -1)} ${sha.slice(0, -1)}` : null;
}

/** The per-worktree git dir and the common one for the repository whose top level is `root`. */
export function gitDirs(root: string): { gitDir: string; common: string } | null {
  const hit = PINNED?.get(root);
  if (hit) return { ...hit };
  const dotGit = joinPlain(root, '.git');
  let gitDir = dotGit;
  const st = statSync(dotGit, { throwIfNoEntry: false });
  if (!st) return null;
  if (st.isFile()) {
    const m = /^gitdir:[ \t]*(.+?)[ \t]*$/m.exec(read(dotGit) ?? '');
    if (!m?.[1]) return null;
    gitDir = path.resolve(root, m[1]);
  } else if (!st.isDirectory()) return null;
  const dirs = { gitDir, common: commonDirOf(gitDir) };
  PINNED?.set(root, { ...dirs });
  return dirs;
}

let PINNED: Map<string, { gitDir: string; common: string }> | null = null;

/**
 * For a hook process, which lives a few seconds: each repository's git dirs are read once, not stat'ed
 * again at each of a start's dozen asks (src/hooks/bin/session-start.ts). Never in a long-lived server.
 */
export function pinGitDirs(): void {
  PINNED ??= new Map();
}

/** The repository's common git dir: a linked worktree's git dir names it in `commondir`. */
export function commonDirOf(gitDir: string): string {
  const file = joinPlain(gitDir, 'commondir');
  // Missing in every main worktree: a stat, not the thrown ENOENT of a read (the hooks are timed).
  const commondir = statSync(file, { throwIfNoEntry: false }) ? read(file) : null;
  return commondir === null ? gitDir : path.resolve(gitDir, commondir.trim());
}

/** The oid `refs/heads/<branch>` points at: loose file first, then packed-refs; null when unusual. */
function resolveBranch(common: string, branch: string): string | null {
  const loose = read(joinPlain(common, 'refs', 'heads', ...branch.split('/')));
  if (loose !== null) {
    const oid = loose.trim();
    return OID.test(oid) ? oid : null;
  }
  const packed = read(joinPlain(common, 'packed-refs'));
  if (packed === null) return null;
  const ref = `refs/heads/${branch}`;
  for (const line of packed.split('\n')) {
    if (line.startsWith('#') || line.startsWith('^')) continue;
    const sp = line.indexOf(' ');
    if (sp > 0 && line.slice(sp + 1).trimEnd() === ref) {
      const oid = line.slice(0, sp);
      return OID.test(oid) ? oid : null;
    }
  }
  return null;
}

/** Branch and HEAD of the repository at `root` from its files, or null: then ask git. Never throws. */
export function readHeadFromFiles(root: string): HeadFromFiles | null {
  try {
    const dirs = gitDirs(root);
    if (!dirs) return null;
    // A reftable repository keeps a placeholder HEAD and no loose refs: git must read it.
    if (statSync(joinPlain(dirs.common, 'reftable'), { throwIfNoEntry: false })) return null;
    const text = read(joinPlain(dirs.gitDir, 'HEAD'));
    if (text === null) return null;
    const headText = text.trim();
    if (OID.test(headText)) return { branch: null, head: headText };
    const m = /^ref: refs\/heads\/(.+)$/.exec(headText);
    if (!m?.[1] || !plainBranch(m[1])) return null;
    const oid = resolveBranch(dirs.common, m[1]);
    return oid ? { branch: m[1], head: oid } : null;
  } catch {
    return null;
  }
}

/**
 * A file of Butler's under the git dir (`.git/butler/NAME`), where no commit or fetch can write: the own
 * snapshot ledger (per work tree) and the share consent (per clone: `common`). Null outside a repository.
 */
export function butlerGitFile(root: string, name: string, where: 'gitDir' | 'common'): string | null {
  try {
    const dirs = gitDirs(root);
    return dirs ? joinPlain(dirs[where], 'butler', name) : null;
  } catch {
    return null;
  }
}

// A memo: a small JSON file of Butler's under the git dir that remembers an answer keyed by the state it
// was computed from, so a hook does not compute it again at every start (issue #22). No commit or fetch
// writes there; a memo whose key does not match is no memo.
/** The remembered value when the memo was written for `key`; null otherwise. */
export function readGitMemo(root: string, name: string, key: string): unknown {
  try {
    const memo = JSON.parse(readGitFile(butlerGitFile(root, name, 'gitDir') as string, GIT_MEMO_MAX) as string);
    return memo?.key === key ? memo.value : null;
  } catch {
    return null;
  }
}

/** Best effort: without it the answer is only computed again. */
export function writeGitMemo(root: string, name: string, key: string, value: unknown): void {
  writeGitText(root, name, `${JSON.stringify({ key, value })}\n`);
}

const GIT_MEMO_MAX = 1024 * 1024;

/**
 * A file of Butler's under the git dir as text, at most `max` bytes of it; null when it is missing, is
 * no regular file (a FIFO or device would block or never end a synchronous read in a timed hook) or is
 * reached through a link (out of the git dir). The agent can write the git dir too, so nothing found
 * there may hold a hook or lead a read outside the project.
 */
export function readGitFile(file: string, max: number): string | null {
  let fd: number | undefined;
  try {
    if (!lstatSync(parentOf(file)).isDirectory()) return null;
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    const st = fstatSync(fd);
    if (!st.isFile()) return null;
    const buf = Buffer.alloc(Math.min(st.size, max));
    let n = 0;
    while (n < buf.length) {
      const got = readSync(fd, buf, n, buf.length - n, n);
      if (got === 0) break;
      n += got;
    }
    return buf.toString('utf8', 0, n);
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Writes a file of Butler's under the git dir, atomically; best effort (false: not written). What stands
 * in its place and is no regular file (a link, a FIFO) was not written by Butler: it is removed, not followed.
 */
export function writeGitText(root: string, name: string, text: string): boolean {
  try {
    const file = butlerGitFile(root, name, 'gitDir');
    if (file && lstatSync(file, { throwIfNoEntry: false })?.isFile() === false) rmSync(file);
    if (file) writeFileAtomicSync(file, text, { within: path.resolve(file, '../..') });
    return !!file;
  } catch {
    // read-only git dir
    return false;
  }
}

/** A file's identity for a memo key: size, mtime and inode (a replaced file has another). */
export function fileKey(file: string): string | null {
  try {
    // No exception for a missing file: the start memo keys a dozen files per start (start-memo.ts).
    const st = statSync(file, { throwIfNoEntry: false });
    return st ? `${st.size}:${st.mtimeMs}:${st.ino}` : null;
  } catch {
    return null;
  }
}
