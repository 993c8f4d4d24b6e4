import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { commonDirOf } from '../shared/git-refs.js';
import { ButlerError, invalidArgument } from '../shared/errors.js';
import { confinePath } from '../shared/paths.js';
import type { Lang } from '../shared/config.js';
import type { GitResult, GitRunner } from '../shared/git.js';
import { repoText } from './messages/repo.js';

import { locateRepo, type RepoLocation } from '../shared/root.js';

export function notARepo(root: string, lang: Lang): ButlerError {
  const t = repoText(lang);
  return new ButlerError('not_found', t.notARepo, t.notARepoHint, { project_root: root });
}

export async function requireRepo(root: string, lang: Lang): Promise<RepoLocation> {
  const loc = await locateRepo(root);
  if (!loc) throw notARepo(root, lang);
  return loc;
}

export type InProgress = 'merge' | 'rebase' | 'cherry_pick' | 'revert';

export interface RepoFlags {
  inProgress: InProgress[];
  indexLocked: boolean;
  /**
   * When ahead/behind was last known current: FETCH_HEAD's mtime, or the upstream ref's reflog when a push
   * (or fetch) updated it later (readStatus adds that); ISO, null if neither ever happened.
   */
  fetchedAt: string | null;
}

const exists = (p: string) =>
  fsp.access(p).then(
    () => true,
    () => false,
  );

/** What git itself would report as an operation in progress, read from marker files in the git dir. */
export async function readRepoFlags(gitDir: string): Promise<RepoFlags> {
  const [[merge, rebaseMerge, rebaseApply, pick, revert, lock], fetched] = await Promise.all([
    Promise.all(
      ['MERGE_HEAD', 'rebase-merge', 'rebase-apply', 'CHERRY_PICK_HEAD', 'REVERT_HEAD', 'index.lock'].map((f) =>
        exists(path.join(gitDir, f)),
      ),
    ),
    // Every fetch rewrites FETCH_HEAD, even when nothing new arrived: its age is the age of ahead/behind.
    fsp.stat(path.join(gitDir, 'FETCH_HEAD')).catch(() => null),
  ]);
  const inProgress: InProgress[] = [];
  if (merge) inProgress.push('merge');
  if (rebaseMerge || rebaseApply) inProgress.push('rebase');
  if (pick) inProgress.push('cherry_pick');
  if (revert) inProgress.push('revert');
  return { inProgress, indexLocked: !!lock, fetchedAt: fetched ? fetched.mtime.toISOString() : null };
}

export function indexLocked(lang: Lang): ButlerError {
  const t = repoText(lang);
  return new ButlerError('backend_error', t.indexLocked, t.indexLockedHint, { blocked_by: ['index_locked'] });
}

/** Turns a failed git call into a clear error; the raw output goes only to the diagnostic. */
export function gitFailure(r: GitResult, action: string, root: string, lang: Lang): ButlerError {
  const t = repoText(lang);
  const raw = `${r.stderr}\n${r.stdout}`.trim();
  const diagnostic = `exit ${r.exitCode}: ${raw}`.slice(0, 2000);
  if (/index\.lock/.test(raw)) return withDiagnostic(indexLocked(lang), diagnostic);
  if (/not a git repository/i.test(raw)) return withDiagnostic(notARepo(root, lang), diagnostic);
  if (/tell me who you are|unable to auto-detect email/i.test(raw)) {
    return new ButlerError('backend_error', t.noIdentity, t.noIdentityHint, {}, diagnostic);
  }
  return new ButlerError('backend_error', t.gitFailed(action), t.gitFailedHint, {}, diagnostic);
}

function withDiagnostic(e: ButlerError, diagnostic: string): ButlerError {
  return new ButlerError(e.code, e.message, e.hint, e.data, diagnostic);
}

/** Runs git and throws a clear ButlerError unless it exits 0. */
export async function gitOk(
  git: GitRunner,
  root: string,
  args: readonly string[],
  action: string,
  lang: Lang,
  input?: string,
): Promise<string> {
  const r = await git(root, args, input === undefined ? undefined : { input });
  if (r.exitCode !== 0) throw gitFailure(r, action, root, lang);
  return r.stdout;
}

/**
 * Validates a caller's project_root (absolute, existing, inside a git work tree) and returns the
 * work tree's top level, so every later path and pathspec is relative to one place. `lang` defaults
 * to English only for the worker surface, which does not resolve a language.
 */
export async function resolveProjectRoot(git: GitRunner, input: string, lang: Lang = 'en'): Promise<string> {
  const t = repoText(lang);
  if (!path.isAbsolute(input)) throw invalidArgument(t.notAbsolute, t.notAbsoluteHint);
  const stat = await fsp.stat(input).catch(() => null);
  if (!stat?.isDirectory()) throw invalidArgument(t.notFolder, t.notFolderHint, { project_root: input });
  const real = await fsp.realpath(input);
  const r = await git(real, ['rev-parse', '--show-toplevel']);
  const top = r.stdout.trim();
  if (r.exitCode !== 0 || !top) {
    throw new ButlerError('invalid_argument', t.notWorkTree, t.notWorkTreeHint, { project_root: real }, r.stderr.trim().slice(0, 500));
  }
  return fsp.realpath(top);
}

/** A caller's path, confined to the project, as a literal pathspec (callers add `--literal-pathspecs`). */
export function pathspecFor(root: string, input: string | undefined): string[] {
  if (input === undefined || input === '') return [];
  const { rel } = confinePath(root, input, 'path');
  return [rel === '' ? '.' : rel];
}

/**
 * When the tracking ref `remote/branch` last changed (its reflog's mtime), or null. A push updates it
 * without writing FETCH_HEAD (field trial 5: fetched_at stayed null after a successful publish).
 */
export async function trackingUpdatedAt(gitDir: string, upstream: string): Promise<string | null> {
  if (!upstream.includes('/') || upstream.split('/').some((p) => p === '..' || p === '')) return null;
  const common = commonDirOf(gitDir);
  const st = await fsp.stat(path.join(common, 'logs', 'refs', 'remotes', ...upstream.split('/'))).catch(() => null);
  return st?.isFile() ? st.mtime.toISOString() : null;
}
