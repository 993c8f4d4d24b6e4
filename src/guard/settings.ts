// Reading and changing the guard settings as a person does (`butler guard …`); what keeps an agent
// from recording a relaxation is src/guard/protected.ts. Git runs through the injected runner.
import { CONFIG_FILE, readConfigText } from '../shared/config.js';
import { writeFileAtomic } from '../shared/fs.js';
import type { GitRunner } from '../shared/git.js';
import { guardFromText, stricter } from './config.js';
import type { GuardConfig, GuardMode } from './decide.js';

export interface GuardSettings {
  work_tree: GuardConfig;
  committed: GuardConfig;
  /** What the PreToolUse hook applies: the stricter of the two. */
  effective: GuardConfig;
}

async function committedText(git: GitRunner, root: string, rel: string): Promise<string | null> {
  const r = await git(root, ['cat-file', '-p', `HEAD:${rel}`]);
  return r.exitCode === 0 ? r.stdout : null;
}

async function workText(root: string, rel: string): Promise<string | null> {
  return readConfigText(`${root}/${rel}`, rel).catch(() => null);
}

export async function readGuardSettings(git: GitRunner, root: string): Promise<GuardSettings> {
  const work = guardFromText(await workText(root, CONFIG_FILE));
  const committed = guardFromText(await committedText(git, root, CONFIG_FILE));
  return { work_tree: work, committed, effective: stricter(work, committed) };
}

/**
 * The subcommands git runs here (`git --list-cmds=main,others,alias`): its own, the `git-*` programs on
 * PATH (`lfs`) and the aliases of this repository's config. null when this git cannot list them (older than 2.18).
 */
export async function gitSubcommands(git: GitRunner, root: string): Promise<string[] | null> {
  const r = await git(root, ['--list-cmds=main,others,alias']);
  if (r.exitCode !== 0) return null;
  return [...new Set(r.stdout.split('\n').map((l) => l.trim()))].filter(Boolean);
}

/** The config text with its top-level `guard:` section replaced (the rest of the file, comments included, kept). */
export function withGuardSection(text: string, g: GuardConfig): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^guard\s*:/.test(l));
  let kept = lines;
  if (start >= 0) {
    let end = start + 1;
    while (end < lines.length && (/^\s/.test(lines[end] ?? '') || (lines[end] ?? '') === '')) end++;
    kept = [...lines.slice(0, start), ...lines.slice(end)];
  }
  const body = kept.join('\n').replace(/\n*$/, '');
  const section = `guard:\n  mode: ${g.mode}\n  allow: [${g.allow.join(', ')}]\n`;
  return body ? `${body}\n${section}` : section;
}

export type GuardChange = { allow: string[] } | { deny: string[] } | { mode: GuardMode };

/** Applies a change to the work-tree file and commits that file alone, so the hook trusts it. */
export async function changeGuard(git: GitRunner, root: string, change: GuardChange): Promise<GuardConfig> {
  const file = `${root}/${CONFIG_FILE}`;
  const text = (await readConfigText(file)) ?? '';
  const cur = guardFromText(text);
  const next: GuardConfig =
    'allow' in change
      ? { ...cur, allow: [...new Set([...cur.allow, ...change.allow])] }
      : 'deny' in change
        ? { ...cur, allow: cur.allow.filter((a) => !change.deny.includes(a)) }
        : { ...cur, mode: change.mode };
  const { mkdir } = await import('node:fs/promises');
  await mkdir(`${root}/.butler`, { recursive: true });
  // A .butler that is a link could carry the write out of the project (the repository is untrusted).
  await writeFileAtomic(file, withGuardSection(text, next), { within: root });
  const what =
    'allow' in change ? `allow ${change.allow.join(' ')}` : 'deny' in change ? `deny ${change.deny.join(' ')}` : `mode ${change.mode}`;
  for (const args of [
    ['add', '--', CONFIG_FILE],
    ['commit', '--quiet', '-m', `butler guard: ${what}`, '--only', '--', CONFIG_FILE],
  ]) {
    const r = await git(root, args);
    if (r.exitCode !== 0) throw new Error(`git ${args[0]} failed: ${(r.stderr || r.stdout).trim().slice(0, 300)}`);
  }
  return next;
}
