import { existsSync } from 'node:fs';
import path from 'node:path';
import { type GitRunner, statusPaths } from '../shared/git.js';

/**
 * How install's commit note names Butler's own folder: `.butler/bin/` when git sees nothing else under
 * `.butler/` new or changed (a reinstall after `.butler/config.yaml` was committed), else `.butler/`.
 * Newcomer walk-through 16 (#25): the note said `.butler/` when only the runtime was new.
 */
export async function butlerFolder(git: GitRunner | undefined, root: string): Promise<string> {
  const named = git ? await statusPaths(git, root, ['--untracked-files=all', '--', '.butler/']).catch(() => null) : null;
  return named?.length && named.every((p) => p.startsWith('.butler/bin/')) ? '.butler/bin/' : '.butler/';
}

/** What `npx skills add` writes (README "After `npx skills add`"). */
const SKILLS_PATHS = ['.agents/skills', '.claude/skills', 'skills-lock.json'];

/** Those of `npx skills add`'s paths that exist here and git does not track yet (none when git cannot say). */
export async function untrackedSkills(git: GitRunner | undefined, root: string): Promise<string[]> {
  const present = SKILLS_PATHS.filter((p) => existsSync(path.join(root, p)));
  if (!git || !present.length) return [];
  const named = await statusPaths(git, root, ['--untracked-files=all', '--', ...present]).catch(() => null);
  return present.filter((p) => named?.some((n) => n === p || n.startsWith(`${p}/`)));
}
