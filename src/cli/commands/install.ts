import { existsSync, promises as fsp } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INSTALLED_BRAINS, registerInstalledBrains } from '../../handover/brains.js';
import { ButlerError } from '../../shared/errors.js';
import {
  BUTLER_VERSION,
  applyChanges,
  findProjectRoot,
  formatReport,
  planInstall,
  planUninstall,
  toReport,
} from '../../install/index.js';
import { formatStatus, getStatus } from '../../install/status.js';
import type { CliIO, Command } from '../io.js';

interface Flags {
  claude: boolean;
  codex: boolean;
  shared: boolean;
  dryRun: boolean;
  json: boolean;
  project: string | null;
}

function parseFlags(argv: string[], allowed: string[]): Flags | string {
  const f: Flags = { claude: false, codex: false, shared: false, dryRun: false, json: false, project: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const name = a.split('=')[0] ?? a;
    if (!allowed.includes(name)) return `unknown option ${a}`;
    if (name === '--project') {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (!v) return '--project needs a folder';
      f.project = v;
    } else if (name === '--dry-run') f.dryRun = true;
    else if (name === '--claude') f.claude = true;
    else if (name === '--codex') f.codex = true;
    else if (name === '--shared') f.shared = true;
    else if (name === '--json') f.json = true;
  }
  if (!f.claude && !f.codex) f.claude = f.codex = true;
  return f;
}

/**
 * Where this Butler's bundles are: next to the running bundle (hooks/butler.mjs, or a vendored
 * .butler/bin/butler.mjs), else the package's hooks/ folder when run from source (tests).
 */
export function bundleDir(env: Record<string, string | undefined>): string {
  if (env.BUTLER_BUNDLE_DIR) return env.BUTLER_BUNDLE_DIR;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  if (existsSync(path.join(dir, 'session-start.mjs'))) return dir;
  for (;;) {
    if (existsSync(path.join(dir, 'hooks', 'session-start.mjs'))) return path.join(dir, 'hooks');
    const up = path.dirname(dir);
    if (up === dir) return path.dirname(fileURLToPath(import.meta.url));
    dir = up;
  }
}

/**
 * The repository to work on: the git root above `--project` (or the current folder). install and
 * uninstall refuse a folder that does not exist or is not in a git repository rather than create or
 * half-configure one; status reports on whatever folder it is given.
 */
async function rootOf(flags: Flags, io: CliIO, requireGit: boolean): Promise<string> {
  const start = path.resolve(io.cwd, flags.project ?? '.');
  const stat = await fsp.stat(start).catch(() => null);
  if (!stat?.isDirectory()) {
    throw new ButlerError('invalid_argument', `${start} is not an existing folder`, 'Pass --project with the path of your repository.');
  }
  const root = await findProjectRoot(start);
  if (requireGit && !(await fsp.lstat(path.join(root, '.git')).then(() => true, () => false))) {
    throw new ButlerError('invalid_argument', `${start} is not in a git repository`, 'Run `git init` there first, or pass --project with your repository.');
  }
  return root;
}

function fail(io: CliIO, json: boolean, err: unknown): number {
  const e = err instanceof ButlerError ? err : null;
  const message = err instanceof Error ? err.message : String(err);
  if (json) io.stdout(`${JSON.stringify({ status: 'error', summary: message, hint: e?.hint, data: e?.data ?? {} })}\n`);
  else io.stderr(`butler: ${message}${e?.hint ? `\n  ${e.hint}` : ''}\n`);
  return 1;
}

const USAGE_INSTALL = 'usage: butler install [--claude] [--codex] [--project DIR] [--shared] [--dry-run] [--json]';
const USAGE_UNINSTALL = 'usage: butler uninstall [--claude] [--codex] [--project DIR] [--dry-run] [--json]';

function run(kind: 'install' | 'uninstall'): Command {
  const allowed = ['--claude', '--codex', '--project', '--dry-run', '--json', ...(kind === 'install' ? ['--shared'] : [])];
  const usage = kind === 'install' ? USAGE_INSTALL : USAGE_UNINSTALL;
  return async (argv, io) => {
    if (argv.includes('--help') || argv.includes('-h')) {
      io.stdout(`${usage}\n`);
      return 0;
    }
    const flags = parseFlags(argv, allowed);
    if (typeof flags === 'string') {
      io.stderr(`butler ${kind}: ${flags}\n${usage}\n`);
      return 2;
    }
    try {
      const root = await rootOf(flags, io, true);
      const ctx = { root, claude: flags.claude, codex: flags.codex, shared: flags.shared, bundleDir: bundleDir(io.env), version: BUTLER_VERSION };
      const changes = kind === 'install' ? await planInstall(ctx) : await planUninstall(ctx);
      if (!flags.dryRun) await applyChanges(root, changes);
      // Known before first seen, so the first transfer after install can address the other client.
      if (kind === 'install' && !flags.dryRun) await registerInstalledBrains(root, [flags.claude && INSTALLED_BRAINS.claude, flags.codex && INSTALLED_BRAINS.codex].filter((b) => !!b), new Date());
      const report = toReport(kind, ctx, changes, flags.dryRun);
      io.stdout(flags.json ? `${JSON.stringify({ status: 'ok', summary: `${kind}: ${changes.length} file(s)`, data: report })}\n` : formatReport(report));
      return 0;
    } catch (err) {
      return fail(io, flags.json, err);
    }
  };
}

export const install: Command = run('install');
export const uninstall: Command = run('uninstall');

export const status: Command = async (argv, io) => {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout('usage: butler status [--project DIR] [--json]\n');
    return 0;
  }
  const flags = parseFlags(argv, ['--project', '--json']);
  if (typeof flags === 'string') {
    io.stderr(`butler status: ${flags}\nusage: butler status [--project DIR] [--json]\n`);
    return 2;
  }
  try {
    const report = await getStatus(await rootOf(flags, io, false), { nodeVersion: process.version, version: BUTLER_VERSION, userConfigDir: io.userConfigDir });
    io.stdout(flags.json ? `${JSON.stringify({ status: 'ok', summary: `${report.problems.length} problem(s)`, data: report })}\n` : formatStatus(report));
    return 0;
  } catch (err) {
    return fail(io, flags.json, err);
  }
};
