// Where a snapshot came from (issue #23). Snapshots arrive in session_logs/handover/ three ways: written
// in this clone (`own`), imported from `refs/butler/handover` (`shared`, with the git identity that
// pushed it) and found in the folder without this clone having written or imported it (`committed`: a
// tracked file a pull or checkout put there, or any other file dropped in). Only `own` snapshots are
// offered as the agent's own work; the others are data, taken only through handover_accept.
//
// The proof of `own` cannot live in the work tree, which any commit can rewrite (session_logs/ included,
// even when ignored): it is a ledger of ids in this work tree's git dir, which no commit or fetch
// writes. Everything reads a row's origin through originOf().
import { closeSync, constants as fs, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, writeSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { butlerGitFile, gitDirs, readGitFile } from '../shared/git-refs.js';
import { ButlerError } from '../shared/errors.js';
import { trackedLogs } from '../shared/tracked-logs.js';
import type { IndexEntry } from './store-types.js';

export type Origin = 'own' | 'shared' | 'committed';

/** The one reader of a row's origin. A row nobody marked counts as not written here. */
export const originOf = (e: IndexEntry): Origin => e.origin ?? 'committed';
export const isOwn = (e: IndexEntry): boolean => originOf(e) === 'own';

/** The ledger of this work tree's own snapshot ids; null outside a git repository (nothing can arrive there by git). */
function ledgerFile(root: string): string | null {
  return butlerGitFile(root, 'own-handovers', 'gitDir');
}

/** Records a snapshot as written here, before its file is created (a crash then leaves it own). */
export function recordOwn(root: string, id: string): void {
  const file = ledgerFile(root);
  if (!file) return;
  mkdirSync(path.dirname(file), { recursive: true });
  // Never through a link (out of the project) nor into a FIFO (it would block): the agent can plant either.
  const refused = () =>
    new ButlerError('policy_blocked', `Refusing to write ${file}: it is not a regular file`, `Remove ${file}; Butler writes it again.`, {
      link: file,
    });
  let fd: number;
  try {
    fd = openSync(file, fs.O_WRONLY | fs.O_APPEND | fs.O_CREAT | (fs.O_NOFOLLOW ?? 0) | (fs.O_NONBLOCK ?? 0), 0o644);
  } catch (err) {
    throw (err as NodeJS.ErrnoException).code === 'ELOOP' || (err as NodeJS.ErrnoException).code === 'ENXIO' ? refused() : err;
  }
  try {
    if (!fstatSync(fd).isFile() || lstatSync(path.dirname(file)).isSymbolicLink()) throw refused();
    writeSync(fd, `${id}\n`);
  } finally {
    closeSync(fd);
  }
}

const lstatOrNull = (file: string) => {
  try {
    return lstatSync(file, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
};

/** Some 250,000 ids. */
const LEDGER_MAX = 16 * 1024 * 1024;

/** The own ids; null when there is no git dir. A missing ledger is made once from what the index holds. */
function ownIds(root: string, entries: readonly IndexEntry[]): Set<string> | null {
  const file = ledgerFile(root);
  if (!file) return null;
  if (!lstatOrNull(file)) return seed(root, file, entries);
  // A link, FIFO or device in its place makes nothing own (readGitFile); far beyond any real ledger is not read.
  return new Set((readGitFile(file, LEDGER_MAX) ?? '').split('\n').filter(Boolean));
}

/**
 * First run with a ledger (an upgrade): the rows already here were written by this clone, unless any
 * file under session_logs/ is tracked, in which case none is trusted (they stay readable as
 * `committed`, through handover_accept). Tracked is read from git's index file, without a git process:
 * any mention of the folder's name counts, so a doubt never makes a row own. Imports stay `shared`.
 */
function seed(root: string, file: string, entries: readonly IndexEntry[]): Set<string> {
  let tracked = true;
  try {
    const dirs = gitDirs(root);
    tracked = !!dirs && readFileSync(path.join(dirs.gitDir, 'index')).includes('ession_logs');
  } catch (err) {
    // no index file yet: nothing is tracked
    tracked = (err as NodeJS.ErrnoException)?.code !== 'ENOENT';
  }
  const ids = tracked ? [] : entries.filter((e) => e.origin !== 'shared' && e.origin !== 'committed').map((e) => e.handover_id);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, ids.map((i) => `${i}\n`).join(''), { flag: 'wx' });
  } catch {
    // another process made it first, or the git dir is read-only: decide from what we computed
  }
  return new Set(ids);
}

/** Sets each row's origin from the ledger (never from what the row says about itself), in place. */
export function markOrigin<T extends IndexEntry[]>(root: string, entries: T): T {
  const own = ownIds(root, entries);
  // A snapshot file git tracks came with a commit, whatever id it claims (tracked-logs.ts).
  const tracked = new Set(trackedLogs(root));
  for (const e of entries) {
    if (tracked.size && (tracked.has(e.snapshot_file) || tracked.has('session_logs/'))) e.origin = 'committed';
    else if (own === null) e.origin = e.origin === 'shared' ? 'shared' : 'own';
    else e.origin = own.has(e.handover_id) ? 'own' : e.origin === 'shared' ? 'shared' : 'committed';
    if (e.origin !== 'shared') delete e.author;
  }
  return entries;
}

/** How data shows a row that is not own: its origin and, when shared, who pushed it. */
export function originData(e: IndexEntry): { origin: Origin; author?: string | null } {
  const origin = originOf(e);
  return origin === 'shared' ? { origin, author: e.author ?? null } : { origin };
}
