import { PRIVATE_DIR } from '../shared/private-dir.js';
import type { Lang } from '../shared/config.js';
import type { GitRunner } from '../shared/git.js';
import { gitFailure, readRepoFlags, requireRepo, trackingUpdatedAt, type RepoFlags } from './repo.js';

/**
 * The one git call behind work_observe. `--no-optional-locks` keeps an observer from taking
 * index.lock and racing a concurrent record; `-z` keeps odd file names unquoted. The untracked mode is
 * spelled out: a person's `status.showUntrackedFiles=no` would otherwise hide new files that
 * work_record records (work_observe then said `clean_idle`; issue #27).
 */
export const STATUS_ARGS = ['--no-optional-locks', 'status', '--porcelain=v2', '--branch', '-z', '--untracked-files=normal'] as const;

export interface StatusEntry {
  path: string;
  /** Two-letter XY code (`.M`, `A.`, `??`, `UU`); `?` entries are untracked. */
  xy: string;
  kind: 'changed' | 'renamed' | 'conflicted' | 'untracked';
  origPath?: string;
}

export interface ParsedStatus {
  /** Full sha, or null on a branch with no commits yet. */
  head: string | null;
  /** Branch name, or null when HEAD is detached. */
  branch: string | null;
  upstream: string | null;
  /** Present only when the upstream ref exists locally (git prints `branch.ab`). */
  ahead: number | null;
  behind: number | null;
  entries: StatusEntry[];
}

/** Index of the character after the n-th space: porcelain v2 puts the path after fixed fields. */
function afterFields(rec: string, n: number): string {
  let i = -1;
  for (let k = 0; k < n; k++) {
    i = rec.indexOf(' ', i + 1);
    if (i < 0) return '';
  }
  return rec.slice(i + 1);
}

export function parsePorcelainV2(out: string): ParsedStatus {
  const st: ParsedStatus = { head: null, branch: null, upstream: null, ahead: null, behind: null, entries: [] };
  const recs = out.split('\0');
  for (let i = 0; i < recs.length; i++) {
    const rec = recs[i]!;
    if (rec === '') continue;
    const type = rec[0];
    if (type === '#') {
      const [, key, ...rest] = rec.split(' ');
      const value = rest.join(' ');
      if (key === 'branch.oid') st.head = value === '(initial)' ? null : value;
      else if (key === 'branch.head') st.branch = value === '(detached)' ? null : value;
      else if (key === 'branch.upstream') st.upstream = value;
      else if (key === 'branch.ab') {
        const m = /^\+(\d+) -(\d+)$/.exec(value);
        if (m) [st.ahead, st.behind] = [Number(m[1]), Number(m[2])];
      }
    } else if (type === '1') {
      st.entries.push({ kind: 'changed', xy: rec.slice(2, 4), path: afterFields(rec, 8) });
    } else if (type === '2') {
      // With -z the original path of a rename is the next NUL-separated record.
      st.entries.push({ kind: 'renamed', xy: rec.slice(2, 4), path: afterFields(rec, 9), origPath: recs[++i] });
    } else if (type === 'u') {
      st.entries.push({ kind: 'conflicted', xy: rec.slice(2, 4), path: afterFields(rec, 10) });
    } else if (type === '?') {
      st.entries.push({ kind: 'untracked', xy: '??', path: rec.slice(2) });
    }
  }
  return st;
}

export interface RepoStatus extends ParsedStatus {
  root: string;
  gitDir: string;
  flags: RepoFlags;
}

/**
 * Butler's own private folder (snapshots, brain registry). It is git-ignored once installed, but
 * before that it must still never count as work, or work_session_start would make a clean tree dirty.
 */
export { PRIVATE_DIR };

export const isPrivatePath = (p: string) => p === PRIVATE_DIR || p.startsWith(`${PRIVATE_DIR}/`);

/**
 * `git status` and the marker-file checks run concurrently: the fs checks hide behind the spawn.
 * `lang` (of the errors) defaults to English only for the worker surface.
 */
export async function readStatus(git: GitRunner, root: string, lang: Lang = 'en'): Promise<RepoStatus> {
  const loc = await requireRepo(root, lang);
  const [r, flags] = await Promise.all([git(loc.top, STATUS_ARGS), readRepoFlags(loc.gitDir)]);
  if (r.exitCode !== 0) throw gitFailure(r, 'status', loc.top, lang);
  const parsed = parsePorcelainV2(r.stdout);
  parsed.entries = parsed.entries.filter((e) => !isPrivatePath(e.path));
  const pushed = parsed.upstream ? await trackingUpdatedAt(loc.gitDir, parsed.upstream) : null;
  if (pushed && (!flags.fetchedAt || pushed > flags.fetchedAt)) flags.fetchedAt = pushed;
  return { ...parsed, root: loc.top, gitDir: loc.gitDir, flags };
}
