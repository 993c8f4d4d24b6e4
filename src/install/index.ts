// The install capability's front door (docs/decisions.md D38): the only module of src/install/ imported from outside it.
import { existsSync, promises as fsp } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Lang } from '../shared/config.js';
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
export { BIN_DIR, BUTLER_VERSION } from './constants.js';
export { installLang } from './lang.js';
export { formatStatus, getStatus } from './status.js';
export { clientOnMachine } from './status-live.js';
import { installText } from './messages.js';
import { installChanged, uninstallNotes } from './uninstall-notes.js';
import { butlerFolder, untrackedSkills } from './install-notes.js';
import type { GitRunner } from '../shared/git.js';

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
  /** snake_case as every other key of the `--json` outputs (#25 walk-through 15: it was dryRun). */
  dry_run: boolean;
  /** The project's language after this command (`.butler/config.yaml` `lang`); the notes may speak another (`--json`: English). */
  lang: Lang;
  changes: PlannedChange[];
  notes: string[];
}

const recordsOf = (keys: readonly string[]): ClientRecord[] => CLIENTS.filter((c) => keys.includes(c.key));

/**
 * The clients a plain `butler install` sets up (README "Choices"). Where Butler is installed already
 * (an upgrade), exactly those: a client left out by choice stays out. A first install: Claude Code and
 * Codex, plus every other client whose folder exists in the project. A plain uninstall: all.
 */
export function defaultClients(root: string, command: 'install' | 'uninstall'): string[] {
  if (command === 'uninstall') return CLIENTS.map((c) => c.key);
  const installed = installedClients(root).map((c) => c.key);
  if (installed.length) return installed;
  return CLIENTS.filter((c) => DEFAULT_CLIENTS.includes(c.key) || existsSync(path.join(root, c.configDir))).map((c) => c.key);
}

/** Every file install would touch. Nothing is written here, so broken files abort before any write. */
export async function planInstall(ctx: InstallContext): Promise<FileChange[]> {
  const lang = await projectLang(ctx);
  const clients = recordsOf(ctx.clients);
  // Each installed client's personal settings file is git-ignored whenever the client is installed (#25).
  const personal = clients.flatMap((c) => (c.hooks.personalFile ? [{ file: c.hooks.personalFile, title: c.title }] : []));
  const parts = await Promise.all([
    planVendor(ctx),
    ...clients.map((c) => planClient(c, ctx)),
    planGuides(
      ctx.root,
      clients.flatMap((c) => (c.guide ? [c.guide] : [])),
      true,
      lang,
    ),
    planGitignore(ctx.root, { personal, lang }).then((c) => (c ? [c] : [])),
    planConfigLang(ctx).then((c) => (c ? [c] : [])),
  ]);
  return parts.flat();
}

/** The language install leaves the project in: `--lang`, else the one recorded, else the installing user's (lang.ts). */
export async function projectLang(ctx: { root: string; lang: Lang; langExplicit: boolean }): Promise<Lang> {
  if (ctx.langExplicit) return ctx.lang;
  return (await loadConfig(ctx.root).catch(() => ({}) as { lang?: Lang })).lang ?? ctx.lang;
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

export async function toReport(
  command: 'install' | 'uninstall',
  ctx: {
    root: string;
    clients: readonly string[];
    personal?: boolean;
    lang?: Lang;
    langExplicit?: boolean;
    runAs?: string;
    git?: GitRunner;
  },
  changes: FileChange[],
  dryRun: boolean,
  /** The notes' language when the person asked for one (`--lang`, BUTLER_LANG; `--json` English), else the project's. */
  say: Lang | null = null,
): Promise<InstallReport> {
  const project = await projectLang({ root: ctx.root, lang: ctx.lang ?? 'en', langExplicit: ctx.langExplicit ?? false });
  const lang = say ?? project;
  const t = installText(lang);
  const notes: string[] = [];
  const clients = recordsOf(ctx.clients);
  if (command === 'install') {
    // Only what this install wrote is named (#25: no `.codex/` after `install --claude --personal`).
    const personal = new Set(clients.flatMap((c) => (c.hooks.personalFile ? [c.hooks.personalFile] : [])));
    // A client folder with more than one written file is named as the folder (`.codex/`).
    const differ = new Set(await installChanged(ctx.git, ctx.root, changes, dryRun));
    const written = changes.filter((c) => !personal.has(c.path) && differ.has(c.path)).map((c) => c.path);
    const folderOf = (p: string) => clients.map((c) => c.configDir).find((d) => p.startsWith(`${d}/`));
    const fold = (p: string) => {
      const d = folderOf(p);
      return d && written.filter((w) => folderOf(w) === d).length > 1 ? `${d}/` : p;
    };
    const butler = written.some((p) => p.startsWith('.butler/')) ? await butlerFolder(dryRun ? undefined : ctx.git, ctx.root) : '.butler/';
    const shared = [...new Set(written.map((p) => (p.startsWith('.butler/') ? butler : fold(p))))];
    const personalWritten = changes.find((c) => personal.has(c.path))?.path ?? null;
    // The record's message says what happened (second walk-through: an upgrade was told "Install Butler").
    const runtime = changes.filter((c) => c.path.startsWith('.butler/bin/'));
    const message = runtime.some((c) => c.before === null) ? 'Install Butler' : runtime.length ? 'Upgrade Butler' : 'Update Butler';
    // `work record` asks only for Butler's runtime and its entries in the clients' files (src/guard/protected.ts; install
    // writes nothing else there, and never a guard relaxation): #25, `install --lang ja` changed only the language, and
    // the note promised a question that never came.
    const entries = new Set(CLIENTS.flatMap((c) => [c.hooks.file, c.mcp.file]));
    const asks = written.some((p) => p.startsWith('.butler/bin/') || entries.has(p));
    if (shared.length) notes.push(t.commit(shared, personalWritten, message, ctx.runAs ?? 'butler', asks));
    const skills = await untrackedSkills(ctx.git, ctx.root);
    if (skills.length) notes.push(t.skills(skills));
    // A client's trust step only for a client something was written for.
    for (const c of clients)
      if (c.trust && changes.some((x) => x.path === c.hooks.file || x.path === c.mcp.file || x.path === c.hooks.personalFile))
        notes.push(t.trust(c));
  } else {
    // What uninstall changed is in the work tree only until committed (walk-through, #25): uninstall-notes.ts.
    notes.push(...(await uninstallNotes(ctx, changes, staying(ctx.root, ctx.clients), lang, dryRun)));
  }
  return {
    command,
    root: ctx.root,
    // Uninstall names only the clients it removes something of (second walk-through: every client was listed).
    clients: (command === 'uninstall' ? clients.filter((c) => touches(c, changes)) : clients).map((c) => c.key),
    dry_run: dryRun,
    // #25: `--json` of a Japanese project said `lang: "en"`, the notes' language; the notes' is formatReport's argument.
    lang: project,
    changes: changes.map((c) => ({
      path: c.path,
      action: c.after === null ? 'delete' : c.before === null ? 'create' : 'update',
      note: c.note,
    })),
    notes,
  };
}

/** Whether a change is to one of the client's own files (hooks, MCP entry, its guide). */
const touches = (c: ClientRecord, changes: FileChange[]) =>
  changes.some((x) => [c.hooks.file, c.hooks.personalFile, c.mcp.file, c.guide].includes(x.path));

/** The report for a person, in `lang`: the one its notes were written in (installOrUninstall's `say`, else the project's). */
export function formatReport(r: InstallReport, lang: Lang = r.lang): string {
  const t = installText(lang);
  const lines = [t.head(r.command, r.dry_run, r.root, r.clients)];
  if (r.changes.length === 0) lines.push(`  ${r.command === 'uninstall' ? t.nothingToRemove : t.nothing}`);
  else {
    lines.push(`  ${t.changed(r.changes.length, r.dry_run)}`);
    for (const c of r.changes) lines.push(`  ${t.action(c.action)} ${c.path}  - ${t.note(c.note)}`);
  }
  if (r.dry_run && r.changes.length > 0) lines.push(`  ${t.dryRun}`);
  for (const n of r.notes) lines.push(`${t.noteLabel}: ${n}`);
  return `${lines.join('\n')}\n`;
}

/** `butler install` / `uninstall`: the plan, written unless a dry run, and the report of what it did. */
export async function installOrUninstall(
  kind: 'install' | 'uninstall',
  ctx: InstallContext,
  dryRun: boolean,
  /** The language the person asked for, when they did: the report's notes speak it. */
  say: Lang | null = null,
): Promise<{ changes: FileChange[]; report: InstallReport }> {
  const changes = kind === 'install' ? await planInstall(ctx) : await planUninstall(ctx);
  if (!dryRun) await applyChanges(ctx.root, changes);
  return { changes, report: await toReport(kind, ctx, changes, dryRun, say) };
}
