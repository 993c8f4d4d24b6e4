import { existsSync, promises as fsp } from 'node:fs';
import path from 'node:path';
import { builtin } from '../shared/builtin.js';
import type { GitRunner } from '../shared/git.js';
import { readHeadFromFiles } from '../shared/git-refs.js';
import { driftText } from './messages/drift.js';

export interface GitNow {
  branch: string | null;
  head: string | null;
  dirty_files: string[];
  /** The tracked files among them (modified, staged, renamed, conflicted): what `git diff HEAD` would name. */
  tracked_dirty?: string[];
}

/** Branch, HEAD and dirty paths in one `git status` call (porcelain v2 carries branch and oid). */
export async function readGitNow(root: string, git: GitRunner): Promise<GitNow> {
  const r = await git(root, ['status', '--porcelain=v2', '--branch', '--untracked-files=normal']);
  if (r.exitCode !== 0) return { branch: null, head: null, dirty_files: [] };
  let branch: string | null = null;
  let head: string | null = null;
  const dirty: string[] = [];
  const tracked: string[] = [];
  for (const line of r.stdout.split('\n')) {
    if (line.startsWith('# branch.oid ')) head = /^[0-9a-f]{7,64}$/.test(line.slice(13)) ? line.slice(13) : null;
    else if (line.startsWith('# branch.head ')) branch = line.slice(14) === '(detached)' ? null : line.slice(14);
    else if (line.startsWith('1 ') || line.startsWith('u '))
      dirty.push(
        line
          .split(' ')
          .slice(line.startsWith('1 ') ? 8 : 10)
          .join(' '),
      );
    else if (line.startsWith('2 ')) dirty.push(line.split(' ').slice(9).join(' ').split('\t')[0] ?? '');
    else if (line.startsWith('? ')) dirty.push(line.slice(2));
    if (/^[12u] /.test(line)) tracked.push(dirty[dirty.length - 1]!);
  }
  return { branch, head, dirty_files: dirty, tracked_dirty: tracked };
}

/** Files hashed at most per snapshot: beyond this, the rest count as changed when still dirty. */
const MAX_FINGERPRINTS = 200;

/** node:crypto, loaded on first use (~3 ms at a hook's start): only fingerprints need it. */
const hashing = () => builtin<typeof import('node:crypto')>('node:crypto');

/** A short content hash per dirty path (`-` gone, `dir` a folder), to tell later edits from old ones. */
export async function fingerprint(root: string, files: readonly string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  await Promise.all(
    files.slice(0, MAX_FINGERPRINTS).map(async (f) => {
      const p = path.join(root, f);
      const st = await fsp.lstat(p).catch(() => null);
      if (!st) out[f] = '-';
      else if (st.isDirectory()) out[f] = 'dir';
      else if (st.isSymbolicLink())
        out[f] = `l${hashing()
          .createHash('sha1')
          .update(await fsp.readlink(p).catch(() => ''))
          .digest('hex')
          .slice(0, 12)}`;
      else
        out[f] = hashing()
          .createHash('sha1')
          .update(await fsp.readFile(p).catch(() => Buffer.alloc(0)))
          .digest('hex')
          .slice(0, 12);
    }),
  );
  return out;
}

export interface Drift {
  branch_changed: boolean;
  branch_then: string | null;
  branch_now: string | null;
  head_moved: boolean;
  head_then: string | null;
  head_now: string | null;
  /** null when the snapshot's HEAD is no longer in this history (rebased, or another clone). */
  commits_since: number | null;
  /** The snapshot's HEAD is not in this clone at all: written on another clone, not fetched here yet. */
  head_unknown: boolean;
  recent_commits: { record_id: string; message: string }[];
  anchors_missing: string[];
  anchors_changed: string[];
  /** Uncommitted files that are new or changed since the snapshot (dirty then and untouched do not count). */
  uncommitted: number;
  /** One line for humans: empty meaning nothing drifted. */
  line: string;
}

/**
 * Compares a snapshot's branch, HEAD and anchors with the repository now. Used by resume, accept
 * and the SessionStart hook alike, with whichever GitRunner suits the caller.
 */
export async function computeDrift(
  root: string,
  then: { branch: string | null; head: string | null; anchors?: string[]; dirty?: Record<string, string> },
  git: GitRunner,
  now?: GitNow,
  lang: 'ja' | 'en' = 'en',
  opts: { light?: boolean } = {},
): Promise<Drift> {
  const cur = now ?? (await readGitNow(root, git));
  const headMoved = !!then.head && !!cur.head && then.head !== cur.head;
  let commitsSince: number | null = headMoved ? null : 0;
  let headUnknown = false;
  let recent: Drift['recent_commits'] = [];
  if (headMoved && then.head && /^[0-9a-f]{7,64}$/.test(then.head)) {
    // Count and the five newest separately: after a long gap, listing every commit would be slow.
    const [count, log] = await Promise.all([
      git(root, ['rev-list', '--count', `${then.head}..HEAD`, '--']),
      git(root, ['log', '-5', '--format=%h%x09%s', `${then.head}..HEAD`, '--']),
    ]);
    if (count.exitCode === 0 && log.exitCode === 0) {
      const rows = log.stdout.split('\n').filter(Boolean);
      commitsSince = Number(count.stdout.trim()) || 0;
      recent = rows.map((r) => {
        const [id, ...msg] = r.split('\t');
        return { record_id: id ?? '', message: msg.join('\t') };
      });
    } else {
      // Not an ancestor: rewritten here, or never fetched here. Only the second says "work_sync".
      headUnknown = (await git(root, ['cat-file', '-e', `${then.head}^{commit}`])).exitCode !== 0;
    }
  }
  const anchors = (then.anchors ?? []).filter((a) => !path.isAbsolute(a) && !a.split(/[\\/]/).includes('..'));
  // Existence then and now: an anchor the author named before it existed (`-` in the snapshot's dirty map,
  // assemble.ts) is no drift while still absent, and a change once it is there.
  const absentThen = (a: string) => then.dirty?.[a] === '-';
  const exists = new Map(anchors.map((a) => [a, existsSync(path.join(root, a))]));
  const missing = anchors.filter((a) => !exists.get(a) && !absentThen(a));
  const appeared = anchors.filter((a) => exists.get(a) && absentThen(a));
  let changed: string[] = [];
  const present = anchors.filter((a) => exists.get(a) && !absentThen(a));
  if (opts.light || !present.length) {
    // Light (SessionStart): changed anchors are left to resume / accept.
  } else if (!headMoved && cur.head && cur.tracked_dirty) {
    // HEAD is where the snapshot left it: the anchors changed since are the tracked dirty ones, no second git call.
    const dirty = cur.tracked_dirty;
    changed = present.filter((a) => dirty.some((f) => f === a || f.startsWith(`${a.replace(/\/+$/, '')}/`)));
  } else if (then.head && /^[0-9a-f]{7,64}$/.test(then.head)) {
    const d = await git(root, ['diff', '--name-only', then.head, '--', ...present]);
    if (d.exitCode === 0) changed = d.stdout.split('\n').filter(Boolean);
  }
  // An anchor dirty at the snapshot whose content is as it was then has not changed since (issue 22).
  if (changed.length && then.dirty) changed = await changedSinceThen(root, changed, then.dirty);
  changed = [...appeared, ...changed];
  const branchChanged = !!then.branch && then.branch !== cur.branch;
  const drift: Drift = {
    branch_changed: branchChanged,
    branch_then: then.branch,
    branch_now: cur.branch,
    head_moved: headMoved,
    head_then: then.head,
    head_now: cur.head,
    commits_since: commitsSince,
    head_unknown: headUnknown,
    recent_commits: recent,
    anchors_missing: missing,
    anchors_changed: changed,
    uncommitted: opts.light ? 0 : await changedSince(root, cur.dirty_files, then.dirty ?? {}),
    line: '',
  };
  drift.line = driftLine(drift, lang);
  return drift;
}

/**
 * SessionStart's drift (issue 14): what docs/decisions.md D21 asks of it (a changed branch, HEAD
 * moved and the commits since, missing anchors) with branch and HEAD read from the `.git` files; git runs
 * only when HEAD moved, or when the files are unusual. Uncommitted changes and changed anchors are left
 * to handover_resume / handover_accept, the next call the prompt names: no `git status`, no hashing here.
 */
export async function startDrift(
  root: string,
  then: { branch: string | null; head: string | null; anchors?: string[]; dirty?: Record<string, string> },
  git: GitRunner,
  lang: 'ja' | 'en' = 'en',
): Promise<Drift> {
  const files = readHeadFromFiles(root);
  const cur = files ? { ...files, dirty_files: [] } : await readGitNow(root, git);
  return computeDrift(root, then, git, cur, lang, { light: true });
}

async function changedSinceThen(root: string, files: string[], dirtyThen: Record<string, string>): Promise<string[]> {
  const known = files.filter((f) => f in dirtyThen);
  if (!known.length) return files;
  const now = await fingerprint(root, known);
  return files.filter((f) => !(f in dirtyThen) || now[f] !== dirtyThen[f]);
}

async function changedSince(root: string, dirtyNow: string[], dirtyThen: Record<string, string>): Promise<number> {
  const both = dirtyNow.filter((f) => f in dirtyThen);
  if (!both.length) return dirtyNow.length;
  const now = await fingerprint(root, both);
  return dirtyNow.filter((f) => !(f in dirtyThen) || now[f] !== dirtyThen[f]).length;
}

export function driftLine(d: Drift, lang: 'ja' | 'en' = 'en'): string {
  const t = driftText(lang);
  const short = (h: string | null) => h?.slice(0, 7) ?? '?';
  const parts: string[] = [];
  if (d.branch_changed) parts.push(t.branch(d.branch_then, d.branch_now ?? '(detached)'));
  if (d.head_moved) {
    if (d.head_unknown) parts.push(t.headNotHere(short(d.head_then)));
    else if (d.commits_since === null) parts.push(t.headGone(short(d.head_then), short(d.head_now)));
    else parts.push(t.headMoved(d.commits_since, short(d.head_then), short(d.head_now)));
  }
  if (d.anchors_missing.length) parts.push(t.anchorsMissing(d.anchors_missing.length));
  if (d.anchors_changed.length) parts.push(t.anchorsChanged(d.anchors_changed.length));
  if (d.uncommitted) parts.push(t.uncommitted(d.uncommitted));
  if (!parts.length) return '';
  return t.line(parts);
}
