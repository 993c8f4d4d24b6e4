// Files under session_logs/ that git tracks (issue #23, item 8). session_logs/ is Butler's private state
// (index, sessions.json, share.json, snapshots); a repository that commits files there could forge it:
// a sessions.json naming a transcript to recover from, an index with rows of its choosing, a share.json
// with ids to push. Tracked files there are ignored as Butler's state (a snapshot file counts as
// `committed`, never own) and said in every summary until a person removes them from git.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileKey, gitDirs, readGitMemo, writeGitMemo } from './git-refs.js';
import { gitSync } from './git-spawn.js';
import { joinPlain } from './paths.js';

export const LOGS_DIR = 'session_logs';
/** Stands for "something under session_logs/ may be tracked" when git could not list it: a doubt counts. */
const UNKNOWN = `${LOGS_DIR}/`;
const cache = new Map<string, { key: string; files: string[] }>();

/**
 * The tracked paths under session_logs/ (slash-separated, from the top). Git's index file names every
 * tracked path, so without the folder's name in it nothing is tracked there and no git process runs.
 */
export function trackedLogs(root: string): string[] {
  let index: string;
  let key: string | null;
  try {
    const dirs = gitDirs(root);
    if (!dirs) return [];
    index = joinPlain(dirs.gitDir, 'index');
    key = fileKey(index);
    if (!key) return [];
  } catch {
    return [];
  }
  const hit = cache.get(root);
  if (hit?.key === key) return hit.files;
  // git's answer, kept in the git dir (git-refs.ts readGitMemo): a project that tracks files here spawns no git at every start.
  const memo = readGitMemo(root, 'tracked-logs', key);
  if (Array.isArray(memo)) return memo;
  let files: string[] = [];
  try {
    if (readFileSync(index).includes(`${LOGS_DIR}/`)) {
      const r = gitSync(root, ['ls-files', '-z', '--', LOGS_DIR]);
      files = r.exitCode === 0 ? r.stdout.split('\0').filter(Boolean) : [UNKNOWN];
      if (r.exitCode === 0) writeGitMemo(root, 'tracked-logs', key, files);
    }
  } catch {
    files = [UNKNOWN];
  }
  cache.set(root, { key, files });
  return files;
}

/** True when `rel` (e.g. `session_logs/sessions.json`) is tracked, or tracking could not be told. */
export function isTrackedLog(root: string, rel: string): boolean {
  const files = trackedLogs(root);
  return files.includes(rel.split(path.sep).join('/')) || files.includes(UNKNOWN);
}

/** The warning a summary carries while files under session_logs/ are tracked; null when none are. */
export function trackedLogsNote(root: string): string | null {
  const files = trackedLogs(root);
  if (!files.length) return null;
  const n = files[0] === UNKNOWN ? 'Files' : `${files.length} file(s)`;
  return `${n} under ${LOGS_DIR}/ tracked by git, ignored as Butler's state; to untrack: git rm -r --cached ${LOGS_DIR} && echo ${LOGS_DIR}/ >> .gitignore`;
}
