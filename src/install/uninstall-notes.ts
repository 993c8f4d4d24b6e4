import { promises as fsp } from 'node:fs';
import type { ClientRecord } from '../shared/clients/index.js';
import type { Lang } from '../shared/config.js';
import { GIT_SAFETY, type GitRunner, statusPaths } from '../shared/git.js';
import { installText } from './messages.js';
import { abs, type FileChange } from './plan.js';

/**
 * What uninstall's notes say: what there is to commit, and what it leaves. Newcomer walk-through 10: after an
 * install that was never committed, the note asked to commit "the removal" of files git never had, and the
 * command it named committed the `.butler/config.yaml` and `.gitignore` install had left. So the note names only
 * what git tracks and uninstall changed (a removal or an edit, as `git status` sees it), with a commit of just
 * those paths; nothing, when there is nothing. Without a git runner every changed path is named, as before.
 */
export async function uninstallNotes(
  ctx: { root: string; git?: GitRunner },
  changes: FileChange[],
  rest: ClientRecord[],
  lang: Lang,
  dryRun: boolean,
): Promise<string[]> {
  const t = installText(lang);
  const changed = changes.map((c) => c.path);
  const git = ctx.git;
  // A dry run changed nothing yet: what there would be to commit is what git tracks of the paths it would change, less the
  // edits that would give back what git has (a guide block never committed, taken out of a committed CLAUDE.md).
  const commit = !git ? changed : dryRun ? await wouldChange(git, ctx.root, changes) : await changedInGit(git, ctx.root, changed);
  // `.butler/bin/`, not `.butler/`: the local issue store there stays (#25).
  const named = [...new Set(commit.map((p) => (p.startsWith('.butler/bin/') ? '.butler/bin/' : p)))].sort();
  const notes: string[] = [];
  // After uninstall the runtime is gone, and `work record` would record every change: plain git, these paths only.
  if (named.length) notes.push(t.commitRemoval(named, `git commit -m "Remove Butler" -- ${named.join(' ')}`, 'git push'));
  else if (changed.length) notes.push(t.nothingToCommit);
  const left = await leftBehind(ctx.root, rest, lang, git);
  return left ? [...notes, left] : notes;
}

/**
 * Of the paths install wrote (or would write), those new or changed versus git: a reinstall that gives a file back
 * what git has (#25: `install --lang ja` then `--lang en`) is nothing to commit. All of them when git cannot say.
 */
export async function installChanged(git: GitRunner | undefined, root: string, changes: FileChange[], dryRun: boolean): Promise<string[]> {
  const paths = changes.map((c) => c.path);
  if (!git || !paths.length) return paths;
  if (dryRun) {
    const known = new Set(await tracked(git, root, paths));
    const differ = new Set(await wouldChange(git, root, changes));
    return paths.filter((p) => !known.has(p) || differ.has(p));
  }
  const named = await statusPaths(git, root, ['--untracked-files=all', '--', ...paths]).catch(() => null);
  return named ? paths.filter((p) => named.includes(p)) : paths;
}

/** Of `paths`, those git tracks that differ from the last commit or the index (removed or edited); all of them when git cannot say. */
async function changedInGit(git: GitRunner, root: string, paths: string[]): Promise<string[]> {
  if (!paths.length) return [];
  return (await statusPaths(git, root, ['--untracked-files=no', '--', ...paths]).catch(() => null)) ?? paths;
}

/** The tracked paths a plan would remove, or edit to other text than git's index has. */
async function wouldChange(git: GitRunner, root: string, changes: FileChange[]): Promise<string[]> {
  const known = new Set(
    await tracked(
      git,
      root,
      changes.map((c) => c.path),
    ),
  );
  const out: string[] = [];
  for (const c of changes) {
    if (!known.has(c.path)) continue;
    const indexed = c.after === null ? null : await git(root, [...GIT_SAFETY, 'show', `:${c.path}`]).catch(() => null);
    if (c.after === null || indexed?.exitCode !== 0 || indexed.stdout !== c.after) out.push(c.path);
  }
  return out;
}

/** Of `paths`, those git tracks (committed or staged); all of them when git cannot say. */
async function tracked(git: GitRunner, root: string, paths: string[]): Promise<string[]> {
  if (!paths.length) return [];
  const r = await git(root, [...GIT_SAFETY, 'ls-files', '-z', '--', ...paths]).catch(() => null);
  if (!r || r.exitCode !== 0) return paths;
  const known = new Set(r.stdout.split('\0').filter(Boolean));
  return paths.filter((p) => known.has(p));
}

/** Of `paths`, those git does not track (never committed nor staged); none when git cannot say. */
async function untracked(git: GitRunner | undefined, root: string, paths: string[]): Promise<Set<string>> {
  if (!git) return new Set();
  const known = new Set(await tracked(git, root, paths));
  return new Set(paths.filter((p) => !known.has(p)));
}

/** What uninstall keeps, and why: the user's data and settings outlive Butler's wiring; a file never committed is said so. */
async function leftBehind(root: string, rest: ClientRecord[], lang: Lang, git: GitRunner | undefined): Promise<string | null> {
  const exists = (rel: string) =>
    fsp.lstat(abs({ root }, rel)).then(
      () => true,
      () => false,
    );
  const t = installText(lang);
  const loose = await untracked(git, root, ['.butler/config.yaml', '.gitignore']);
  const kept: string[] = [];
  if (await exists('session_logs')) kept.push(t.kept.snapshots);
  if (await exists('.butler/issues')) kept.push(t.kept.issues);
  if (await exists('.butler/config.yaml')) kept.push(t.kept.config(loose.has('.butler/config.yaml')));
  if (await exists('.gitignore')) kept.push(t.kept.gitignore(loose.has('.gitignore')));
  if (rest.length && (await exists('.butler/bin'))) kept.push(t.kept.bin(rest.map((c) => c.title)));
  return kept.length ? t.leftBehind(kept) : null;
}
