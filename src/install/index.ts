import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Lang } from '../shared/config.js';
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
import { installText } from './messages.js';

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
  /** The language of the notes (and of formatReport). */
  lang: Lang;
  changes: PlannedChange[];
  notes: string[];
}

function clientsOf(ctx: { claude: boolean; codex: boolean }): string[] {
  return [ctx.claude ? 'claude-code' : '', ctx.codex ? 'codex' : ''].filter(Boolean);
}

/** Every file install would touch. Nothing is written here, so broken files abort before any write. */
export async function planInstall(ctx: InstallContext): Promise<FileChange[]> {
  const lang = await projectLang(ctx);
  const parts = await Promise.all([
    planVendor(ctx),
    ctx.claude ? planClaude(ctx) : [],
    ctx.codex ? planCodex(ctx) : [],
    planGuides(ctx.root, { agents: ctx.codex, claude: ctx.claude, lang }, true),
    planGitignore(ctx.root, { claude: ctx.claude }).then((c) => (c ? [c] : [])),
    planConfigLang(ctx).then((c) => (c ? [c] : [])),
  ]);
  return parts.flat();
}

/** The language install leaves the project in: `--lang`, else the one recorded, else the installing user's (lang.ts). */
export async function projectLang(ctx: { root: string; lang: Lang; langExplicit: boolean }): Promise<Lang> {
  if (ctx.langExplicit) return ctx.lang;
  return (await loadConfig(ctx.root).catch(() => ({}) as { lang?: Lang })).lang ?? ctx.lang;
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
async function leftBehind(root: string, both: boolean, lang: Lang): Promise<string[]> {
  const exists = (rel: string) =>
    fsp.lstat(abs({ root }, rel)).then(
      () => true,
      () => false,
    );
  const t = installText(lang);
  const kept: string[] = [];
  if (await exists('session_logs')) kept.push(t.kept.snapshots);
  if (await exists('.butler/issues')) kept.push(t.kept.issues);
  if (await exists('.butler/config.yaml')) kept.push(t.kept.config);
  if (await exists('.gitignore')) kept.push(t.kept.gitignore);
  if (!both && (await exists('.butler/bin'))) kept.push(t.kept.bin);
  return kept.length ? [t.leftBehind(kept)] : [];
}

export async function toReport(
  command: 'install' | 'uninstall',
  ctx: { root: string; claude: boolean; codex: boolean; personal?: boolean; lang?: Lang; langExplicit?: boolean },
  changes: FileChange[],
  dryRun: boolean,
): Promise<InstallReport> {
  const lang = await projectLang({ root: ctx.root, lang: ctx.lang ?? 'en', langExplicit: ctx.langExplicit ?? false });
  const t = installText(lang);
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
    if (shared.length) notes.push(t.commit(shared, changes.some((c) => c.path === PERSONAL_CLAUDE) ? PERSONAL_CLAUDE : null));
    // Codex asks for trust only for what was written for it.
    if (changes.some((c) => c.path.startsWith('.codex/'))) notes.push(t.codexTrust);
  } else notes.push(...(await leftBehind(ctx.root, ctx.claude && ctx.codex, lang)));
  return {
    command,
    root: ctx.root,
    clients: clientsOf(ctx),
    dryRun,
    lang,
    changes: changes.map((c) => ({
      path: c.path,
      action: c.after === null ? 'delete' : c.before === null ? 'create' : 'update',
      note: c.note,
    })),
    notes,
  };
}

export function formatReport(r: InstallReport): string {
  const t = installText(r.lang);
  const lines = [t.head(r.command, r.dryRun, r.root, r.clients)];
  if (r.changes.length === 0) lines.push(`  ${t.nothing}`);
  else {
    lines.push(`  ${t.changed(r.changes.length, r.dryRun)}`);
    for (const c of r.changes) lines.push(`  ${c.action.padEnd(6)} ${c.path}  - ${t.note(c.note)}`);
  }
  if (r.dryRun && r.changes.length > 0) lines.push(`  ${t.dryRun}`);
  for (const n of r.notes) lines.push(`note: ${n}`);
  return `${lines.join('\n')}\n`;
}
