// Helpers for driving the real MCP Inspector CLI (`--cli`) and its connection CLI (`mcpdo`) against
// Butler's stdio MCP server. Inspector 2.x needs Node >= 22.19, so the Node 22 binary comes from the
// npm registry too (the `node` package, as test/skills does), pinned in this folder's package.json.
// The MCP server itself is started as plain `node` from PATH, i.e. the project's own Node.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { alive, withLock } from '../clients/clients.js';

export const INSPECTOR_DIR = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(INSPECTOR_DIR, '../../..');
export const BUTLER_BIN = path.join(ROOT, 'hooks', 'butler.mjs');
const MODULES = path.join(INSPECTOR_DIR, 'node_modules');
const PKG = JSON.parse(fs.readFileSync(path.join(INSPECTOR_DIR, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
export const INSPECTOR_VERSION = PKG.dependencies['@modelcontextprotocol/inspector'] ?? '';
export const NODE22_VERSION = PKG.dependencies['node'] ?? '';

const INSPECTOR_PKG = path.join(MODULES, '@modelcontextprotocol', 'inspector');
/** The Node 22 binary that the `node` package's (approved) preinstall links from `node-<os>-<arch>`. */
export const NODE22 = path.join(MODULES, 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');

function binOf(name: string): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(INSPECTOR_PKG, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  const rel = pkg.bin[name];
  if (!rel) throw new Error(`@modelcontextprotocol/inspector has no bin ${name}`);
  return path.join(INSPECTOR_PKG, rel);
}
/** `mcp-inspector` (the launcher: `--cli` / `--tui` / `--web`). */
export const launcherBin = (): string => binOf('mcp-inspector');
/** `mcpdo`: connect once, run many commands on that connection (through a daemon). */
export const mcpdoBin = (): string => binOf('mcpdo');

// ---------- install ----------

function installedVersion(dir: string): string | undefined {
  try {
    return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

export function inspectorInstalled(): boolean {
  return (
    installedVersion(INSPECTOR_PKG) === INSPECTOR_VERSION &&
    installedVersion(path.join(MODULES, 'node')) === NODE22_VERSION &&
    fs.existsSync(NODE22)
  );
}

/**
 * Installs the pinned inspector and Node 22 into test/e2e/inspector/node_modules when missing
 * (`npm ci` on this sub-package, under a cross-process lock). `--strict-allow-scripts` makes any
 * install script not reviewed in package.json `allowScripts` fail the install instead of running.
 * Throws with npm's output on failure: the test must fail, never skip.
 */
export async function ensureInspector(): Promise<void> {
  if (inspectorInstalled()) return;
  await withLock('inspector-install', async () => {
    if (inspectorInstalled()) return;
    const started = Date.now();
    const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error', '--strict-allow-scripts'], {
      cwd: INSPECTOR_DIR,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 600_000,
    });
    if (r.status !== 0)
      throw new Error(`npm ci in ${INSPECTOR_DIR} failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stdout}\n${r.stderr}`);
    if (!inspectorInstalled())
      throw new Error(`MCP Inspector ${INSPECTOR_VERSION} / node ${NODE22_VERSION} still missing after npm ci:\n${r.stdout}\n${r.stderr}`);
    console.log(`[e2e] installed MCP Inspector ${INSPECTOR_VERSION} and Node ${NODE22_VERSION} in ${Date.now() - started} ms`);
  });
}

// ---------- workspace ----------

export interface Workspace {
  base: string;
  /** A throwaway git repo with one commit; the stdio server's cwd. */
  repo: string;
  /** HOME for the inspector (it keeps ~/.mcp-inspector there) and hence for the server it starts. */
  home: string;
  /** mcpdo's private daemon (socket and log), isolated from any other daemon on the machine. */
  daemonDir: string;
  daemonToken: string;
}

export function makeWorkspace(prefix = 'butler-e2e-inspector-'): Workspace {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  const repo = path.join(base, 'repo');
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'Test',
    GIT_AUTHOR_EMAIL: 'test@example.com',
    GIT_COMMITTER_NAME: 'Test',
    GIT_COMMITTER_EMAIL: 'test@example.com',
  };
  execFileSync('git', ['init', '-q', '-b', 'main', repo], { env });
  fs.writeFileSync(path.join(repo, 'README.md'), '# inspector e2e repo\n');
  execFileSync('git', ['add', '-A'], { cwd: repo, env });
  execFileSync('git', ['commit', '-q', '-m', 'initial'], { cwd: repo, env });
  const home = path.join(base, 'home');
  const daemonDir = path.join(base, 'mcpdo');
  fs.mkdirSync(home);
  fs.mkdirSync(daemonDir, { mode: 0o700 });
  return { base, repo, home, daemonDir, daemonToken: crypto.randomBytes(24).toString('base64url') };
}

export function removeWorkspace(ws: Workspace): void {
  if (process.env.BUTLER_E2E_KEEP) {
    console.log(`[e2e] kept ${ws.base}`);
    return;
  }
  fs.rmSync(ws.base, { recursive: true, force: true });
}

/**
 * A cleaned environment: PATH unchanged (so the server command `node` is the project's Node, not
 * Node 22), a private HOME, secrets in memory (this machine has no OS keychain; stdio needs none).
 */
function inspectorEnv(ws: Workspace): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: ws.home,
    TMPDIR: os.tmpdir(),
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
    CI: '1',
    MCP_INSPECTOR_SECRET_STORE: 'memory',
    MCP_INSPECTOR_DAEMON_DIR: ws.daemonDir,
    MCP_INSPECTOR_DAEMON_TOKEN: ws.daemonToken,
  };
}

// ---------- running ----------

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function run(bin: string, args: string[], ws: Workspace, timeoutMs: number): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(NODE22, [bin, ...args], { cwd: ws.repo, env: inspectorEnv(ws), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out after ${timeoutMs} ms: ${path.basename(bin)} ${args.join(' ')}\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/**
 * One `mcp-inspector --cli node <abs>/hooks/butler.mjs mcp <flags…>` run: a new connection (and a
 * new server process) every time. The mode flag comes first and the server command before the
 * inspector's own flags, as the launcher requires.
 */
export function inspectorCli(ws: Workspace, flags: string[], timeoutMs = 60_000): Promise<RunResult> {
  return run(launcherBin(), ['--cli', 'node', BUTLER_BIN, 'mcp', '--cwd', ws.repo, '--format', 'json', ...flags], ws, timeoutMs);
}

/** One `mcpdo` command (the daemon it talks to keeps the connection, and so the server process, open). */
export function mcpdo(ws: Workspace, args: string[], timeoutMs = 60_000): Promise<RunResult> {
  return run(mcpdoBin(), ['--format', 'json', ...args], ws, timeoutMs);
}

/** Stops this workspace's mcpdo daemon (it would otherwise idle on), and makes sure its process is gone. */
export async function stopDaemon(ws: Workspace): Promise<void> {
  if (!fs.existsSync(path.join(ws.daemonDir, 'mcpdod.sock'))) return;
  const status = await mcpdo(ws, ['daemon', 'status'], 30_000).catch(() => undefined);
  let pid: number | undefined;
  try {
    pid = (JSON.parse(status?.stdout ?? '') as { pid?: number }).pid;
  } catch {
    /* not running */
  }
  await mcpdo(ws, ['daemon', 'stop'], 30_000).catch(() => undefined);
  if (!pid) return;
  for (let i = 0; i < 40 && alive(pid); i++) await new Promise((r) => setTimeout(r, 250));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

// ---------- output ----------

export interface Envelope {
  status: 'ok' | 'error' | 'need_input';
  summary: string;
  data: Record<string, unknown>;
  error_code?: string;
  hint?: string;
}

export interface CallToolResult {
  content: { type: string; text?: string }[];
  structuredContent?: Envelope;
  isError?: boolean;
}

/** Parses a JSON document printed on stdout, with the whole run in the message when it is not one. */
export function parseJson<T>(r: RunResult, what: string): T {
  try {
    return JSON.parse(r.stdout) as T;
  } catch {
    throw new Error(`${what}: stdout is not JSON (exit ${r.status})\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`);
  }
}

/** The JSON text content of a tool result, parsed (Butler puts the envelope there as well as in structuredContent). */
export function textEnvelope(result: CallToolResult): Envelope {
  const texts = result.content.filter((c) => c.type === 'text');
  if (texts.length !== 1) throw new Error(`expected one text content block, got ${JSON.stringify(result.content)}`);
  return JSON.parse(texts[0]?.text ?? '') as Envelope;
}
