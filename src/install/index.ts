import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../shared/fs.js';
import { assertNoLinks } from '../shared/no-links.js';
import { planClaude, unplanClaude } from './claude.js';
import { planCodex, unplanCodex } from './codex.js';
import { PERSONAL_CLAUDE, planGitignore, planGuides } from './guide.js';
import { planConfigLang } from './lang.js';
import { abs, type FileChange, type InstallContext } from './plan.js';
import { planVendor, unplanVendor } from './vendor.js';

export type { FileChange, InstallContext } from './plan.js';
export { BUTLER_VERSION, CODEX_TRUST_NOTE } from './constants.js';
import { CODEX_TRUST_NOTE } from './constants.js';

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
    planGitignore(ctx.root, { claude: ctx.claude }).then((c) => (c ? [c] : [])),
    planConfigLang(ctx).then((c) => (c ? [c] : [])),
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

/** What uninstall keeps, and why: the user's data and settings outlive Butler's wiring. */
async function leftBehind(root: string, both: boolean): Promise<string[]> {
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
  if (!both && (await exists('.butler/bin'))) kept.push('.butler/bin/ (the other client still uses it; uninstall both to remove it)');
  return kept.length ? [`Left in place: ${kept.join('; ')}. Delete them by hand if you no longer want them.`] : [];
}

export async function toReport(
  command: 'install' | 'uninstall',
  ctx: { root: string; claude: boolean; codex: boolean; personal?: boolean },
  changes: FileChange[],
  dryRun: boolean,
): Promise<InstallReport> {
  const notes: string[] = [];
  if (command === 'install') {
    // Only what this install wrote is named (#25: no `.codex/` after `install --claude --personal`).
    const shared = [
      ...new Set(
        changes
          .filter((c) => c.path !== PERSONAL_CLAUDE)
          .map((c) => (c.path.startsWith('.butler/') ? '.butler/' : c.path.startsWith('.codex/') ? '.codex/' : c.path)),
      ),
    ];
    if (shared.length)
      notes.push(
        `Commit ${shared.join(', ')} so every clone gets them` +
          (changes.some((c) => c.path === PERSONAL_CLAUDE) ? `; ${PERSONAL_CLAUDE} stays personal (git-ignored).` : '.'),
      );
    // Codex asks for trust only for what was written for it.
    if (changes.some((c) => c.path.startsWith('.codex/'))) notes.push(CODEX_TRUST_NOTE);
  } else notes.push(...(await leftBehind(ctx.root, ctx.claude && ctx.codex)));
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
