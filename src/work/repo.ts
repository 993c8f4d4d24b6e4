import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { ButlerError, invalidArgument } from '../shared/errors.js';
import { confinePath } from '../shared/paths.js';
import type { GitResult, GitRunner } from './git.js';

export interface RepoLocation {
  /** Work tree top level, the folder that holds `.git`. */
  top: string;
  /** The per-worktree git dir, where MERGE_HEAD, rebase-merge/ and index.lock live. */
  gitDir: string;
}

/**
 * Finds `.git` by walking up with plain fs calls: work_observe must cost about one `git status`,
 * so no `git rev-parse` here. A `.git` file (linked worktree, submodule) points at the real dir.
 */
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

export function notARepo(root: string): ButlerError {
  return new ButlerError('not_found', 'The project folder is not a git repository', 'Call work_session_start with the repository root.', {
    project_root: root,
  });
}

export async function requireRepo(root: string): Promise<RepoLocation> {
  const loc = await locateRepo(root);
  if (!loc) throw notARepo(root);
  return loc;
}

export type InProgress = 'merge' | 'rebase' | 'cherry_pick' | 'revert';

export interface RepoFlags {
  inProgress: InProgress[];
  indexLocked: boolean;
}

const exists = (p: string) => fsp.access(p).then(() => true, () => false);

/** What git itself would report as an operation in progress, read from marker files in the git dir. */
export async function readRepoFlags(gitDir: string): Promise<RepoFlags> {
  const [merge, rebaseMerge, rebaseApply, pick, revert, lock] = await Promise.all(
    ['MERGE_HEAD', 'rebase-merge', 'rebase-apply', 'CHERRY_PICK_HEAD', 'REVERT_HEAD', 'index.lock'].map((f) =>
      exists(path.join(gitDir, f)),
    ),
  );
  const inProgress: InProgress[] = [];
  if (merge) inProgress.push('merge');
  if (rebaseMerge || rebaseApply) inProgress.push('rebase');
  if (pick) inProgress.push('cherry_pick');
  if (revert) inProgress.push('revert');
  return { inProgress, indexLocked: !!lock };
}

export function indexLocked(): ButlerError {
  return new ButlerError(
    'backend_error',
    'The git index is locked by another git process (index.lock)',
    'Wait a few seconds and retry. If no git process is running, ask the user to delete .git/index.lock.',
    { blocked_by: ['index_locked'] },
  );
}

/** Turns a failed git call into a clear error; the raw output goes only to the diagnostic. */
export function gitFailure(r: GitResult, action: string, root: string): ButlerError {
  const raw = `${r.stderr}\n${r.stdout}`.trim();
  const diagnostic = `exit ${r.exitCode}: ${raw}`.slice(0, 2000);
  if (/index\.lock/.test(raw)) return withDiagnostic(indexLocked(), diagnostic);
  if (/not a git repository/i.test(raw)) return withDiagnostic(notARepo(root), diagnostic);
  if (/tell me who you are|unable to auto-detect email/i.test(raw)) {
    return new ButlerError('backend_error', 'git has no author identity for records', 'Ask the user to set git user.name and user.email.', {}, diagnostic);
  }
  return new ButlerError('backend_error', `git ${action} failed`, 'Run work_observe to see the state; details are in data.diagnostic.', {}, diagnostic);
}

function withDiagnostic(e: ButlerError, diagnostic: string): ButlerError {
  return new ButlerError(e.code, e.message, e.hint, e.data, diagnostic);
}

/** Runs git and throws a clear ButlerError unless it exits 0. */
export async function gitOk(git: GitRunner, root: string, args: readonly string[], action: string, input?: string): Promise<string> {
  const r = await git(root, args, input === undefined ? undefined : { input });
  if (r.exitCode !== 0) throw gitFailure(r, action, root);
  return r.stdout;
}

/**
 * Validates a caller's project_root (absolute, existing, inside a git work tree) and returns the
 * work tree's top level, so every later path and pathspec is relative to one place.
 */
export async function resolveProjectRoot(git: GitRunner, input: string): Promise<string> {
  if (!path.isAbsolute(input)) {
    throw invalidArgument('project_root must be an absolute path', 'Pass the absolute path of the repository root.');
  }
  const stat = await fsp.stat(input).catch(() => null);
  if (!stat?.isDirectory()) {
    throw invalidArgument('project_root does not exist or is not a folder', 'Pass an existing repository folder.', {
      project_root: input,
    });
  }
  const real = await fsp.realpath(input);
  const r = await git(real, ['rev-parse', '--show-toplevel']);
  const top = r.stdout.trim();
  if (r.exitCode !== 0 || !top) {
    throw new ButlerError(
      'invalid_argument',
      'project_root is not inside a git work tree',
      'Pass the root of a git repository (run `git init` there first if it has none).',
      { project_root: real },
      r.stderr.trim().slice(0, 500),
    );
  }
  return fsp.realpath(top);
}

/** A caller's path, confined to the project, as a literal pathspec (callers add `--literal-pathspecs`). */
export function pathspecFor(root: string, input: string | undefined): string[] {
  if (input === undefined || input === '') return [];
  const { rel } = confinePath(root, input, 'path');
  return [rel === '' ? '.' : rel];
}
