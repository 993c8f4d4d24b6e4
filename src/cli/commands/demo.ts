import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLIENTS, type ClientRecord } from '../../shared/clients/index.js';
import { applyChanges, BUTLER_VERSION, planInstall } from '../../install/index.js';
import { connectStdio, type StdioClient } from '../../mcp/client.js';
import type { CliIO, Command } from '../io.js';
import type { Lang } from '../../shared/config.js';
import { demoText } from '../messages/demo.js';
import { cliErrors } from '../messages/errors.js';
import { cliUsage } from '../messages/usage.js';
import { cliLang } from '../lang.js';
import { parseFlags } from './project-args.js';
import { bundleDir } from './install.js';

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Butler Demo',
  GIT_AUTHOR_EMAIL: 'demo@example.invalid',
  GIT_COMMITTER_NAME: 'Butler Demo',
  GIT_COMMITTER_EMAIL: 'demo@example.invalid',
};

interface Step {
  who: string;
  tool: string;
  status: string;
  summary: string;
  handover_id?: string;
}

/** A throwaway repository with one commit, in the OS temp folder. */
function makeRepo(): string {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-demo-')));
  const repo = path.join(base, 'repo');
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: args[0] === 'init' ? base : repo, stdio: 'pipe', env: { ...process.env, ...GIT_ENV } });
  git('init', '-q', repo);
  writeFileSync(path.join(repo, 'README.md'), '# demo app\n');
  writeFileSync(path.join(repo, 'app.js'), 'export const add = (a, b) => a + b;\n');
  git('add', '--', 'README.md', 'app.js');
  git('commit', '-q', '-m', 'initial commit');
  return repo;
}

class DemoError extends Error {}

async function call(steps: Step[], who: string, client: StdioClient, tool: string, args: Record<string, unknown>) {
  const r = await client.call(tool, args);
  const id = typeof r.data.handover_id === 'string' ? r.data.handover_id : undefined;
  steps.push({ who, tool, status: r.status, summary: r.summary, ...(id ? { handover_id: id } : {}) });
  if (r.status !== 'ok') throw new DemoError(`${who}: ${tool} returned ${r.status}: ${r.summary}${r.hint ? ` (${r.hint})` : ''}`);
  return r.data;
}

/** What the Codex SessionStart hook would inject at the next session start (first line only). */
function hookPreview(repo: string, lang: Lang): string {
  const r = spawnSync(process.execPath, [path.join(repo, '.butler/bin/session-start.cjs'), '--brain', second.brain], {
    cwd: repo,
    input: JSON.stringify({ hook_event_name: 'SessionStart', source: 'startup', cwd: repo }),
    env: { ...process.env, BUTLER_LANG: lang },
    encoding: 'utf8',
    timeout: 10_000,
  });
  return (r.stdout ?? '').split('\n').find((l) => l.trim() !== '') ?? '';
}

/** The demo hands over between the first two clients of the table (Claude Code → Codex). */
const [first, second] = CLIENTS as [ClientRecord, ClientRecord, ...ClientRecord[]];

async function runDemo(io: CliIO, lang: Lang) {
  const t = demoText(lang);
  const repo = makeRepo();
  const changes = await planInstall({
    root: repo,
    clients: [first.key, second.key],
    personal: false,
    force: false,
    lang,
    langExplicit: true,
    bundleDir: bundleDir(io.env),
    version: BUTLER_VERSION,
  });
  await applyChanges(repo, changes);
  // The vendored runtime the installer just wrote, exactly as the clients start it.
  const server = { command: process.execPath, args: [path.join(repo, '.butler/bin/butler.mjs'), 'mcp'], cwd: repo };
  // The demo's own lines are in the person's language, so everything it shows is: the server and hook are pinned to it.
  const env = { BUTLER_LANG: lang };
  const steps: Step[] = [];
  let transfer: Record<string, any> = {};
  let accepted: Record<string, any> = {};
  const claude = await connectStdio({ ...server, env, clientName: first.brain, clientTitle: first.title });
  try {
    await call(steps, first.title, claude, 'work_session_start', { project_root: repo });
    await call(steps, first.title, claude, 'handover_suspend', {
      notes: t.suspendNotes,
    });
    await call(steps, first.title, claude, 'handover_resume', {});
    transfer = await call(steps, first.title, claude, 'handover_transfer', {
      target_brain: second.brain,
      notes: t.transferNotes(second.title),
    });
  } finally {
    await claude.close();
  }
  const codex = await connectStdio({ ...server, env, clientName: second.brain, clientTitle: second.title });
  try {
    await call(steps, second.title, codex, 'work_session_start', { project_root: repo });
    accepted = await call(steps, second.title, codex, 'handover_accept', { source_brain: first.brain });
  } finally {
    await codex.close();
  }
  if (accepted.handover_id !== transfer.handover_id) {
    throw new DemoError(`${second.title} accepted ${String(accepted.handover_id)}, expected the transfer ${String(transfer.handover_id)}`);
  }
  const dir = path.join(repo, 'session_logs', 'handover');
  const snapshots = readdirSync(dir)
    .filter((f) => f.endsWith('.md') && !f.includes('latest'))
    .sort((a, b) => statSync(path.join(dir, a)).mtimeMs - statSync(path.join(dir, b)).mtimeMs || a.length - b.length);
  return {
    repo,
    installed: changes.length,
    steps,
    handoff_prompt: String(transfer.handoff_prompt ?? ''),
    transfer_id: String(transfer.handover_id),
    snapshot_dir: dir,
    snapshots,
    hook_preview: hookPreview(repo, lang),
  };
}

function format(d: Awaited<ReturnType<typeof runDemo>>, t: ReturnType<typeof demoText>): string {
  const rel = (f: string) => path.relative(d.repo, path.join(d.snapshot_dir, f));
  const lines = [
    t.head(d.repo),
    t.install(d.installed, first.title, second.title),
    ...d.steps.map((s) => `  ${s.who.padEnd(11)} ${s.tool.padEnd(18)} ${s.status}${s.handover_id ? `  ${s.handover_id}` : ''}`),
    '',
    t.prompt(d.transfer_id, first.title, second.title),
    ...d.handoff_prompt.split('\n').map((l) => `  ${l}`),
    '',
    t.snapshots(d.snapshots.length, d.snapshot_dir),
    ...d.snapshots.map((f) => `  ${rel(f)}`),
  ];
  if (d.hook_preview) lines.push(t.injects(second.title, d.hook_preview.slice(0, 160)));
  lines.push(t.tryIt(first.title, second.title, d.repo));
  return `${lines.join('\n')}\n`;
}

/** `butler demo [--json]`: install into a throwaway repo and run suspend → resume → transfer → accept over stdio MCP. */
export const demo: Command = async (argv, io) => {
  if (argv.includes('--help') || argv.includes('-h')) {
    const u = cliUsage(await cliLang(io));
    io.stdout(`${u.about.demo}\n${u.usageWord}: butler demo [--json]\n`);
    return 0;
  }
  // The throwaway project speaks the person's language: `--lang`, BUTLER_LANG, else the language of the project the
  // demo is run from (newcomer walk-through 14: a Japanese project's `butler demo --help` was English).
  const lang = await cliLang(io);
  // A flag the usage does not list is refused, as every command refuses one (walk-through 10: `demo --bogus` ran).
  const say = cliErrors(lang);
  const flags = parseFlags(argv, ['--json'], say);
  if (typeof flags === 'string') {
    io.stderr(`butler demo: ${flags}\n  ${say.listsOptions('butler demo')}\n`);
    return 2;
  }
  const json = flags.json;
  const t = demoText(lang);
  try {
    const d = await runDemo(io, lang);
    io.stdout(json ? `${JSON.stringify({ status: 'ok', summary: t.completed, data: d })}\n` : format(d, t));
    return 0;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (json) io.stdout(`${JSON.stringify({ status: 'error', summary: message, data: {} })}\n`);
    else io.stderr(`${t.failed(message)}\n`);
    return 1;
  }
};
