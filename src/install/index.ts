import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../shared/fs.js';
import { assertNoLinks } from '../shared/no-links.js';
import { planClaude, unplanClaude } from './claude.js';
import { planCodex, unplanCodex } from './codex.js';
import { planGitignore, planGuides } from './guide.js';
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

export const CODEX_TRUST_NOTE =
  'Codex loads project .codex/ hooks and config only in a trusted project, and runs a project hook only ' +
  'after you trust it: open Codex in this repo, accept the trust prompt, then review and trust the Butler hooks in /hooks.';

/** The nearest folder at or above `start` holding `.git`, else `start` itself. */
export async function findProjectRoot(start: string): Promise<string> {
  let dir = path.resolve(start);
  for (;;) {
    if (await fsp.lstat(path.join(dir, '.git')).then(() => true, () => false)) return dir;
    const up = path.dirname(dir);
    if (up === dir) return path.resolve(start);
    dir = up;
  }
}

function clientsOf(ctx: { claude: boolean; codex: boolean }): string[] {
  return [ctx.claude ? 'claude-code' : '', ctx.codex ? 'codex' : ''].filter(Boolean);
}

/** Every file install would touch. Nothing is written here, so broken files abort before any write. */
export async function planInstall(ctx: InstallContext): Promise<FileChange[]> {
  const parts = await Promise.all([
    planVendor(ctx),
    ctx.claude ? planClaude(ctx) : [],
    ctx.codex ? planCodex(ctx) : [],
    planGuides(ctx.root, { agents: ctx.codex, claude: ctx.claude }, true),
    planGitignore(ctx.root, { personalClaude: ctx.claude && !ctx.shared }).then((c) => (c ? [c] : [])),
  ]);
  return parts.flat();
}

/** Uninstall removes only Butler's entries; the runtime and AGENTS.md block go when both clients go. */
export async function planUninstall(ctx: { root: string; claude: boolean; codex: boolean }): Promise<FileChange[]> {
  const both = ctx.claude && ctx.codex;
  const parts = await Promise.all([
    ctx.claude ? unplanClaude(ctx) : [],
    ctx.codex ? unplanCodex(ctx) : [],
    planGuides(ctx.root, { agents: both, claude: ctx.claude }, false),
    both ? unplanVendor(ctx) : [],
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
  // Nothing is written or removed through a symlinked .claude / .codex / .butler, nor over a user's link.
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

export function toReport(
  command: 'install' | 'uninstall',
  ctx: { root: string; claude: boolean; codex: boolean; shared?: boolean },
  changes: FileChange[],
  dryRun: boolean,
): InstallReport {
  const notes: string[] = [];
  if (command === 'install') {
    if (changes.length > 0) {
      const claudeFile = ctx.shared ? ', .claude/settings.json' : '';
      notes.push(`Commit .butler/bin/, .mcp.json, .codex/${claudeFile} and the guidance so every clone gets them` +
        (ctx.claude && !ctx.shared ? '; .claude/settings.local.json stays personal (use --shared to commit the Claude hooks).' : '.'));
    }
    if (ctx.codex) notes.push(CODEX_TRUST_NOTE);
  }
  return {
    command,
    root: ctx.root,
    clients: clientsOf(ctx),
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
