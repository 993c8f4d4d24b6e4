// Helpers for driving the real Claude Code and Codex CLIs offline against the scripted model server.
// Each run gets its own HOME / CODEX_HOME under the test's temp folder, so nothing of the machine's
// own client configuration leaks in, and a cross-process lock so only one heavy client runs at a time.
import { git } from '../../helpers/repo.js';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLIENTS_DIR = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(CLIENTS_DIR, '../../..');
export const BUTLER_BIN = path.join(ROOT, 'hooks', 'butler.mjs');
const MODULES = path.join(CLIENTS_DIR, 'node_modules');
const PKG = JSON.parse(fs.readFileSync(path.join(CLIENTS_DIR, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
export const CLAUDE_VERSION = PKG.dependencies['@anthropic-ai/claude-code'] ?? '';
export const CODEX_VERSION = PKG.dependencies['@openai/codex'] ?? '';
export const GEMINI_VERSION = PKG.dependencies['@google/gemini-cli'] ?? '';

/** The scripted model's id for Codex; its metadata comes from a catalog we write (see writeCodexHome). */
export const CODEX_MODEL = 'butler-e2e';

// ---------- install ----------

function installedVersion(pkg: string): string | undefined {
  try {
    return (JSON.parse(fs.readFileSync(path.join(MODULES, pkg, 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

function platformKey(): string {
  const report = process.report?.getReport?.() as { header?: { glibcVersionRuntime?: string } } | undefined;
  const musl = process.platform === 'linux' && report !== undefined && report.header?.glibcVersionRuntime === undefined;
  return `${process.platform}-${os.arch()}${musl ? '-musl' : ''}`;
}

/**
 * Claude Code's package ships a placeholder `bin/claude.exe` that its postinstall replaces with the
 * native binary from the platform package. We approve that postinstall (package.json allowScripts),
 * but also run the platform binary directly, so a skipped script cannot break the tests.
 */
export function claudeBin(): string {
  const ext = process.platform === 'win32' ? '.exe' : '';
  const native = path.join(MODULES, '@anthropic-ai', `claude-code-${platformKey()}`, `claude${ext}`);
  if (fs.existsSync(native)) return native;
  return path.join(MODULES, '@anthropic-ai', 'claude-code', 'bin', 'claude.exe');
}

/** Codex's npm launcher (a small node script that execs the native binary from its platform package). */
export function codexBin(): string {
  return path.join(MODULES, '@openai', 'codex', 'bin', 'codex.js');
}

/** Gemini CLI's bundle (plain JavaScript, no install scripts; runs on Node 20). */
export function geminiBin(): string {
  return path.join(MODULES, '@google', 'gemini-cli', 'bundle', 'gemini.js');
}

export function clientsInstalled(): boolean {
  return (
    installedVersion('@anthropic-ai/claude-code') === CLAUDE_VERSION &&
    installedVersion('@openai/codex') === CODEX_VERSION &&
    installedVersion('@google/gemini-cli') === GEMINI_VERSION &&
    fs.existsSync(geminiBin()) &&
    fs.existsSync(claudeBin()) &&
    fs.existsSync(codexBin())
  );
}

/** Installs the pinned clients into test/e2e/clients/node_modules when missing (npm ci on the sub-package). */
export async function ensureClients(): Promise<void> {
  if (clientsInstalled()) return;
  await withLock('install', async () => {
    if (clientsInstalled()) return;
    const started = Date.now();
    const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: CLIENTS_DIR,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (r.status !== 0) throw new Error(`npm ci in ${CLIENTS_DIR} failed:\n${r.stdout}\n${r.stderr}`);
    if (!clientsInstalled()) throw new Error('e2e clients still missing after npm ci');
    console.log(
      `[e2e] installed Claude Code ${CLAUDE_VERSION}, Codex ${CODEX_VERSION} and Gemini CLI ${GEMINI_VERSION} in ${Date.now() - started} ms`,
    );
  });
}

// ---------- cross-process lock (one real client at a time) ----------

export async function withLock<T>(name: string, fn: () => Promise<T>, waitMs = 900_000): Promise<T> {
  const dir = path.join(os.tmpdir(), `butler-e2e-${name}.lock`);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'pid'), String(process.pid));
      break;
    } catch (e) {
      // No temporary folder at all: waiting cannot help (it spun for the whole 15 minutes).
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw e;
      // A lock left by a dead process is taken over.
      try {
        const pid = Number(fs.readFileSync(path.join(dir, 'pid'), 'utf8'));
        if (pid && !alive(pid)) {
          fs.rmSync(dir, { recursive: true, force: true });
          continue;
        }
      } catch {
        /* being created right now */
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for lock ${dir}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// ---------- workspace ----------

export interface Workspace {
  base: string;
  repo: string;
  /** HOME for the clients (Claude Code keeps ~/.claude and its transcripts here). */
  home: string;
  codexHome: string;
}

export { git };

/** A throwaway git repo (one commit, a local bare remote) plus private client homes. */
export function makeWorkspace(prefix = 'butler-e2e-'): Workspace {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  const repo = path.join(base, 'repo');
  const remote = path.join(base, 'remote.git');
  execFileSync('git', ['init', '-q', '-b', 'main', repo]);
  git(repo, 'config', 'user.name', 'Test');
  git(repo, 'config', 'user.email', 'test@example.com');
  fs.writeFileSync(path.join(repo, 'README.md'), '# e2e repo\n');
  fs.writeFileSync(path.join(repo, 'notes.txt'), 'first line\n');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'initial');
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', remote]);
  git(repo, 'remote', 'add', 'origin', remote);
  git(repo, 'push', '-q', '-u', 'origin', 'main');
  const home = path.join(base, 'home');
  const codexHome = path.join(base, 'codex-home');
  fs.mkdirSync(home);
  fs.mkdirSync(codexHome);
  return { base, repo, home, codexHome };
}

/** Commits and pushes everything (as a user commits `butler install`'s files), so drift starts from zero. */
export function commitAll(repo: string, message: string): void {
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', message);
  git(repo, 'push', '-q');
}

export function removeWorkspace(ws: Workspace): void {
  if (process.env.BUTLER_E2E_KEEP) {
    console.log(`[e2e] kept ${ws.base}`);
    return;
  }
  fs.rmSync(ws.base, { recursive: true, force: true });
}

// ---------- client configuration ----------

export interface HookCommands {
  sessionStart: string;
  preToolUse: string;
}

function hooksJson(cmds: HookCommands, timeout: number): unknown {
  return {
    hooks: {
      SessionStart: [{ matcher: 'startup|resume|clear|compact', hooks: [{ type: 'command', command: cmds.sessionStart, timeout }] }],
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: cmds.preToolUse, timeout }] }],
    },
  };
}

function mergeJson(file: string, patch: Record<string, unknown>): void {
  let current: Record<string, unknown> = {};
  if (fs.existsSync(file)) current = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ ...current, ...patch }, null, 2)}\n`);
}

/** Test-only hook configuration for both clients (used for capturing hook input). */
export function writeHookConfig(repo: string, claude: HookCommands, codex: HookCommands): void {
  mergeJson(path.join(repo, '.claude', 'settings.local.json'), hooksJson(claude, 30) as Record<string, unknown>);
  mergeJson(path.join(repo, '.codex', 'hooks.json'), hooksJson(codex, 30) as Record<string, unknown>);
}

/** An MCP server entry for both clients (Claude `.mcp.json`, Codex `.codex/config.toml`). */
export function writeMcpConfig(repo: string, command: string, args: string[]): void {
  mergeJson(path.join(repo, '.mcp.json'), { mcpServers: { butler: { command, args } } });
  const toml = [
    '[mcp_servers.butler]',
    `command = ${JSON.stringify(command)}`,
    `args = [${args.map((a) => JSON.stringify(a)).join(', ')}]`,
    'default_tools_approval_mode = "approve"',
    '',
  ].join('\n');
  fs.mkdirSync(path.join(repo, '.codex'), { recursive: true });
  fs.appendFileSync(path.join(repo, '.codex', 'config.toml'), toml);
}

export interface InstallResult {
  via: 'installer' | 'fallback';
  output: string;
}

/**
 * Installs Butler into the repo with the real installer (`node hooks/butler.mjs install --project`).
 * Until the installer exists, writes an equivalent configuration pointing at this checkout's bundles.
 */
export function installButler(repo: string, clients: string[] = []): InstallResult {
  const r = spawnSync(process.execPath, [BUTLER_BIN, 'install', ...clients, '--project', repo], {
    cwd: repo,
    encoding: 'utf8',
    env: cleanEnv({}),
  });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status === 0) return { via: 'installer', output };
  if (!/not implemented/i.test(output)) throw new Error(`butler install failed (${r.status}):\n${output}`);
  const node = JSON.stringify(process.execPath);
  const hook = (name: string, brain: string): string =>
    `${node} ${JSON.stringify(path.join(ROOT, 'hooks', `${name}.cjs`))}${brain ? ` --brain ${brain}` : ''}`;
  writeHookConfig(
    repo,
    { sessionStart: hook('session-start', 'claude-code'), preToolUse: hook('pre-tool-use', '') },
    { sessionStart: hook('session-start', 'codex-mcp-client'), preToolUse: hook('pre-tool-use', '') },
  );
  writeMcpConfig(repo, process.execPath, [BUTLER_BIN, 'mcp']);
  return { via: 'fallback', output };
}

/** Runs the Butler CLI in the repo; returns stdout (throws on a non-zero exit). */
export function butler(repo: string, args: string[]): string {
  const r = spawnSync(process.execPath, [BUTLER_BIN, ...args], { cwd: repo, encoding: 'utf8', env: cleanEnv({}) });
  if (r.status !== 0) throw new Error(`butler ${args.join(' ')} exited ${r.status}:\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

/**
 * CODEX_HOME: a provider pointing at the model server, the repo trusted, and a model catalog whose
 * single model has Codex's freeform apply_patch tool and no tool search (so MCP tools are listed
 * directly in the request instead of being deferred behind `tool_search`).
 */
export function writeCodexHome(ws: Workspace, serverUrl: string, opts: { model?: string; extraToml?: string } = {}): void {
  const model = opts.model ?? CODEX_MODEL;
  const catalog = path.join(ws.codexHome, 'models.json');
  fs.writeFileSync(
    catalog,
    JSON.stringify({
      models: [
        {
          slug: CODEX_MODEL,
          display_name: 'Butler e2e',
          description: 'Scripted model for the Butler end-to-end tests',
          base_instructions: 'You are a scripted test model for the Butler end-to-end tests.',
          supported_reasoning_levels: [],
          shell_type: 'shell_command',
          visibility: 'list',
          supported_in_api: true,
          priority: 1,
          apply_patch_tool_type: 'freeform',
          supports_search_tool: false,
          supports_parallel_tool_calls: false,
          context_window: 200000,
          truncation_policy: { mode: 'tokens', limit: 10000 },
          input_modalities: ['text'],
          experimental_supported_tools: [],
          supports_reasoning_summary_parameter: false,
          supports_reasoning_summaries: false,
          support_verbosity: false,
        },
      ],
    }),
  );
  const toml = `${model === CODEX_MODEL ? `model_catalog_json = ${JSON.stringify(catalog)}` : ''}
model = ${JSON.stringify(model)}
model_provider = "butler_e2e"
approval_policy = "never"
sandbox_mode = "danger-full-access"
check_for_update_on_startup = false

[analytics]
enabled = false

[model_providers.butler_e2e]
name = "Butler e2e scripted model"
base_url = ${JSON.stringify(`${serverUrl}/v1`)}
wire_api = "responses"
env_key = "BUTLER_E2E_API_KEY"
request_max_retries = 0
stream_max_retries = 0

[projects.${JSON.stringify(ws.repo)}]
trust_level = "trusted"
${opts.extraToml ?? ''}`;
  fs.writeFileSync(path.join(ws.codexHome, 'config.toml'), toml);
}

// ---------- running the clients ----------

/** process.env without anything of the machine's own clients or model keys. */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(ANTHROPIC_|CLAUDE|CODEX_|OPENAI_|MCP_|GEMINI_|GOOGLE_)/i.test(k)) continue;
    if (k === 'VITEST' || k.startsWith('VITEST_') || k === 'NODE_OPTIONS') continue;
    env[k] = v;
  }
  return { ...env, ...extra };
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

export interface ClientRunOptions {
  ws: Workspace;
  serverUrl: string;
  prompt: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}

export async function runClaude(o: ClientRunOptions): Promise<RunResult & { json?: any }> {
  const env = cleanEnv({
    HOME: o.ws.home,
    ANTHROPIC_BASE_URL: o.serverUrl,
    ANTHROPIC_API_KEY: 'butler-e2e-key',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    IS_SANDBOX: '1',
    ...o.env,
  });
  const args = ['-p', o.prompt, '--output-format', 'json', '--permission-mode', 'bypassPermissions'];
  if (fs.existsSync(path.join(o.ws.repo, '.mcp.json'))) args.push('--mcp-config', '.mcp.json');
  const r = await withLock('client', () => run(claudeBin(), args, o.ws.repo, env, o.timeoutMs ?? 180_000));
  let json: any;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    json = undefined;
  }
  return { ...r, json };
}

export async function runCodex(o: ClientRunOptions): Promise<RunResult> {
  const env = cleanEnv({
    HOME: o.ws.home,
    CODEX_HOME: o.ws.codexHome,
    BUTLER_E2E_API_KEY: 'butler-e2e-key',
    ...o.env,
  });
  const args = [codexBin(), 'exec', '--dangerously-bypass-hook-trust', '--skip-git-repo-check', o.prompt];
  return withLock('client', () => run(process.execPath, args, o.ws.repo, env, o.timeoutMs ?? 180_000));
}

/** The rollout JSONL files Codex wrote under $CODEX_HOME/sessions. */
export function codexRollouts(ws: Workspace): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.jsonl')) out.push(p);
    }
  };
  walk(path.join(ws.codexHome, 'sessions'));
  return out.sort();
}
