// What work_record may not record for the agent it guards (docs/decisions.md D34): a relaxation of
// the guard settings, any change to Butler's runtime (`.butler/bin/`), and any change to or removal of
// Butler's hook and server entries in the clients' files. Those are a person's acts (`butler guard`,
// `butler install`, `butler uninstall`). Checked before the commit (work tree against HEAD) and again
// on the commit made (its parent against it): what git did between the two (a clean filter, a file
// written meanwhile) is caught by the second check.
import { parse } from 'smol-toml';
import { type GitRunner, statusPaths } from '../shared/git.js';
import { guardFromText, relaxes } from './config.js';

/** Reads one side of a change: null when the file is absent there. */
export type SideReader = (rel: string) => Promise<string | null>;

const CLIENT_FILES = [
  '.claude/settings.json',
  '.claude/settings.local.json',
  '.codex/hooks.json',
  '.codex/config.toml',
  '.mcp.json',
  '.gemini/settings.json',
];
const RUNTIME = '.butler/bin/';

/** Pathspecs of every file a check looks at, in any folder (a nested project has its own). */
export const PROTECTED_PATHSPECS = [
  ':(glob)**/.butler/config.yaml',
  ':(glob)**/.butler/bin/**',
  ...CLIENT_FILES.map((f) => `:(glob)**/${f}`),
];

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The part of a client file that is Butler's: its hook handlers, its server entry, the switches that turn hooks off. */
function butlerPart(rel: string, text: string | null): string {
  if (text === null) return 'absent';
  let obj: unknown;
  try {
    obj = rel.endsWith('.toml') ? parse(text) : JSON.parse(text);
  } catch {
    return 'unreadable';
  }
  if (!isObj(obj)) return 'unreadable';
  const hooks: unknown[] = [];
  const hookTable = isObj(obj.hooks) ? obj.hooks : {};
  for (const [event, groups] of Object.entries(hookTable)) {
    if (!Array.isArray(groups)) continue;
    for (const g of groups) {
      if (!isObj(g) || !Array.isArray(g.hooks)) continue;
      for (const h of g.hooks)
        if (isObj(h) && typeof h.command === 'string' && h.command.includes(RUNTIME)) hooks.push([event, g.matcher, h]);
    }
  }
  const servers = (isObj(obj.mcpServers) ? obj.mcpServers : isObj(obj.mcp_servers) ? obj.mcp_servers : {}) as Record<string, unknown>;
  const listed = (k: string) => Array.isArray(obj[k]) && (obj[k] as unknown[]).includes('butler');
  return JSON.stringify({
    hooks,
    server: servers.butler ?? null,
    enabled: listed('enabledMcpjsonServers'),
    disabled: listed('disabledMcpjsonServers'),
    off: [obj.disableAllHooks ?? null, isObj(obj.features) ? (obj.features.codex_hooks ?? null) : null, hookTable.state ?? null],
  });
}

export interface ProtectedChanges {
  /** `.butler/config.yaml` files whose change relaxes the guard. */
  relaxing: string[];
  /** Runtime files and client files whose Butler part changed. */
  runtime: string[];
}

/** Sorts changed paths (from git, relative to the repository root) into what must not be recorded. */
export async function protectedChanges(paths: string[], before: SideReader, after: SideReader): Promise<ProtectedChanges> {
  const out: ProtectedChanges = { relaxing: [], runtime: [] };
  for (const rel of paths) {
    if (rel.endsWith('.butler/config.yaml')) {
      if (relaxes(guardFromText(await after(rel)), guardFromText(await before(rel)))) out.relaxing.push(rel);
    } else if (rel.startsWith(RUNTIME) || rel.includes(`/${RUNTIME}`)) out.runtime.push(rel);
    else if (CLIENT_FILES.some((f) => rel === f || rel.endsWith(`/${f}`))) {
      if (butlerPart(rel, await before(rel)) !== butlerPart(rel, await after(rel))) out.runtime.push(rel);
    }
  }
  return out;
}

/** A committed file at `rev`, or null. */
export const blobAt =
  (git: GitRunner, root: string, rev: string | null): SideReader =>
  async (rel) => {
    if (rev === null) return null;
    const r = await git(root, ['cat-file', '-p', `${rev}:${rel}`]);
    return r.exitCode === 0 ? r.stdout : null;
  };

/** Paths with uncommitted changes (untracked included) among the protected files. */
export async function changedProtected(git: GitRunner, root: string): Promise<string[]> {
  return (await statusPaths(git, root, ['--untracked-files=all', '--', ...PROTECTED_PATHSPECS])) ?? [];
}

/** Protected paths a commit changed against its parent (`parent` null: a first commit). */
export async function committedProtected(git: GitRunner, root: string, parent: string | null, head: string): Promise<string[]> {
  const args = parent
    ? ['diff-tree', '-r', '--no-commit-id', '--name-only', '-z', '--no-renames', parent, head]
    : ['diff-tree', '-r', '--root', '--no-commit-id', '--name-only', '-z', head];
  const r = await git(root, [...args, '--', ...PROTECTED_PATHSPECS]);
  if (r.exitCode !== 0) return [];
  return r.stdout.split('\0').filter(Boolean);
}
