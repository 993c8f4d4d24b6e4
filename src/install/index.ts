import { existsSync, promises as fsp } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../shared/fs.js';
import { assertNoLinks } from '../shared/no-links.js';
import { CLIENTS, DEFAULT_CLIENTS, type ClientRecord } from '../shared/clients/index.js';
import { installedClients } from '../shared/clients/installed.js';
import { planClient, unplanClient } from './client.js';
import { planGitignore, planGuides } from './guide.js';
import { planConfigLang } from './lang.js';
import { abs, type FileChange, type InstallContext } from './plan.js';
import { planVendor, unplanVendor } from './vendor.js';

export type { FileChange, InstallContext } from './plan.js';
export { BUTLER_VERSION } from './constants.js';

export type Action = 'create' | 'update' | 'delete';

export interface PlannedChange {
  path: string;
  action: Action;
  note: string;
}

export interface InstallReport {
  command: 'install' | 'uninstall';
  root: string;
  clients: string[];
  dryRun: boolean;
  changes: PlannedChange[];
  notes: string[];
}

const recordsOf = (keys: readonly string[]): ClientRecord[] => CLIENTS.filter((c) => keys.includes(c.key));

/**
 * The clients a plain `butler install` sets up (README "Choices"): Claude Code and Codex, plus every other
 * client whose folder exists in the project or that is installed there already. A plain uninstall: all.
 */
export function defaultClients(root: string, command: 'install' | 'uninstall'): string[] {
  if (command === 'uninstall') return CLIENTS.map((c) => c.key);
  const installed = new Set(installedClients(root).map((c) => c.key));
  return CLIENTS.filter((c) => DEFAULT_CLIENTS.includes(c.key) || installed.has(c.key) || existsSync(path.join(root, c.configDir))).map(
    (c) => c.key,
  );
}

/** Every file install would touch. Nothing is written here, so broken files abort before any write. */
export async function planInstall(ctx: InstallContext): Promise<FileChange[]> {
  const clients = recordsOf(ctx.clients);
  const personal = ctx.personal ? clients.flatMap((c) => (c.hooks.personalFile ? [c.hooks.personalFile] : [])) : [];
  const parts = await Promise.all([
    planVendor(ctx),
    ...clients.map((c) => planClient(c, ctx)),
    planGuides(
      ctx.root,
      clients.flatMap((c) => (c.guide ? [c.guide] : [])),
      true,
    ),
    planGitignore(ctx.root, { personal }).then((c) => (c ? [c] : [])),
    planConfigLang(ctx).then((c) => (c ? [c] : [])),
  ]);
  return parts.flat();
}

/** The installed clients that stay after uninstalling `keys` (they keep the runtime and their guides). */
const staying = (root: string, keys: readonly string[]): ClientRecord[] => installedClients(root).filter((c) => !keys.includes(c.key));

/** Uninstall removes only Butler's entries; a guide's block and the runtime go when no installed client uses them. */
export async function planUninstall(ctx: { root: string; clients: readonly string[] }): Promise<FileChange[]> {
  const clients = recordsOf(ctx.clients);
  const rest = staying(ctx.root, ctx.clients);
  const kept = new Set(rest.map((c) => c.guide));
  const parts = await Promise.all([
    ...clients.map((c) => unplanClient(c, ctx)),
    planGuides(
      ctx.root,
      clients.flatMap((c) => (c.guide && !kept.has(c.guide) ? [c.guide] : [])),
      false,
    ),
    rest.length === 0 ? unplanVendor(ctx) : [],
  ]);
  return parts.flat();
}

async function removeEmptyDirs(root: string, dir: string): Promise<void> {
  while (dir !== root && dir.startsWith(root + path.sep)) {
    const entries = await fsp.readdir(dir).catch(() => null);
    if (!entries || entries.length > 0) return;
    await fsp.rmdir(dir).catch(() => undefined);
    dir = path.dirname(dir);
  }
}

export async function applyChanges(root: string, changes: FileChange[]): Promise<void> {
  // Nothing is written or removed through a symlinked client folder or .butler, nor over a user's link.
  for (const c of changes) await assertNoLinks(root, abs({ root }, c.path));
  for (const c of changes) {
    const file = abs({ root }, c.path);
    if (c.after === null) {
      await fsp.rm(file, { force: true });
      await removeEmptyDirs(root, path.dirname(file));
    } else {
      await writeFileAtomic(file, c.after);
    }
  }
}

/** What uninstall keeps, and why: the user's data and settings outlive Butler's wiring. */
async function leftBehind(root: string, rest: ClientRecord[]): Promise<string[]> {
  const exists = (rel: string) =>
    fsp.lstat(abs({ root }, rel)).then(
      () => true,
      () => false,
    );
  const kept: string[] = [];
  if (await exists('session_logs')) kept.push('session_logs/ (your handover snapshots)');
  if (await exists('.butler/issues')) kept.push('.butler/issues/ (the local issue store)');
  if (await exists('.butler/config.yaml')) kept.push('.butler/config.yaml (your settings)');
  if (await exists('.gitignore')) kept.push('the Butler lines in .gitignore (they keep snapshots out of commits)');
  if (rest.length && (await exists('.butler/bin')))
    kept.push(
      `.butler/bin/ (${rest.map((c) => c.title).join(' and ')} still use${rest.length > 1 ? '' : 's'} it; uninstall ${rest.length > 1 ? 'them' : 'it'} too to remove it)`,
    );
  return kept.length ? [`Left in place: ${kept.join('; ')}. Delete them by hand if you no longer want them.`] : [];
}

export async function toReport(
  command: 'install' | 'uninstall',
  ctx: { root: string; clients: readonly string[]; personal?: boolean },
  changes: FileChange[],
  dryRun: boolean,
): Promise<InstallReport> {
  const notes: string[] = [];
  const clients = recordsOf(ctx.clients);
  if (command === 'install') {
    if (changes.length > 0) {
      const personal = ctx.personal ? clients.flatMap((c) => (c.hooks.personalFile ? [c.hooks.personalFile] : [])) : [];
      const files = new Set<string>(['.butler/']);
      for (const c of clients) {
        if (!personal.includes(c.hooks.personalFile ?? '')) files.add(c.hooks.file);
        files.add(c.mcp.file);
      }
      notes.push(
        `Commit ${[...files].join(', ')} and the guidance so every clone gets them` +
          (personal.length ? `; ${personal.join(', ')} stays personal (git-ignored).` : '.'),
      );
    }
    for (const c of clients) if (c.trust) notes.push(c.trust);
  } else notes.push(...(await leftBehind(ctx.root, staying(ctx.root, ctx.clients))));
  return {
    command,
    root: ctx.root,
    clients: clients.map((c) => c.key),
    dryRun,
    changes: changes.map((c) => ({
      path: c.path,
      action: c.after === null ? 'delete' : c.before === null ? 'create' : 'update',
      note: c.note,
    })),
    notes,
  };
}

export function formatReport(r: InstallReport): string {
  const verb = r.dryRun ? 'would change' : 'changed';
  const head = `butler ${r.command}${r.dryRun ? ' --dry-run' : ''}: ${r.root} (${r.clients.join(', ')})`;
  const lines = [head];
  if (r.changes.length === 0) lines.push('  nothing to do: already up to date');
  else {
    lines.push(`  ${r.changes.length} file(s) ${verb}:`);
    for (const c of r.changes) lines.push(`  ${c.action.padEnd(6)} ${c.path}  - ${c.note}`);
  }
  if (r.dryRun && r.changes.length > 0) lines.push('  (dry run: nothing written)');
  for (const n of r.notes) lines.push(`note: ${n}`);
  return `${lines.join('\n')}\n`;
}
