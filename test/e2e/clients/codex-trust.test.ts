// Codex's trust records as the real Codex writes them (issue #26 item 8): `butler status` reads
// `$CODEX_HOME/config.toml` to say whether Codex will run the guard. Here the records come from the real
// Codex CLI (pinned in package.json), non-interactively through its own app-server (`codex app-server`,
// JSON-RPC over stdio): `config/batchWrite` trusts the project (`projects.<path>.trust_level`), `hooks/list`
// gives Codex's own key and `currentHash` for Butler's installed PreToolUse hook, and a second
// `config/batchWrite` records `hooks.state.<key>.trusted_hash` — what Codex's /hooks review writes when a person
// trusts a hook. Codex's serializer writes the TOML; `hooks/list` then reports the hook `trusted`, and status
// must agree. No model is called.
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codexHookHash } from '../../../src/install/status-live.js';
import {
  BUTLER_BIN,
  cleanEnv,
  codexBin,
  commitAll,
  ensureClients,
  installButler,
  makeWorkspace,
  removeWorkspace,
  type Workspace,
} from './clients.js';

/** A JSON-RPC client for `codex app-server` over stdio (one JSON message per line). */
function appServer(ws: Workspace, codexHome: string) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [codexBin(), 'app-server'], {
    cwd: ws.repo,
    env: cleanEnv({ HOME: ws.home, CODEX_HOME: codexHome }),
  });
  const waiting = new Map<number, (m: any) => void>();
  let buf = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.on('data', (d) => {
    buf += d;
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      const line = buf.slice(0, i).trim();
      buf = buf.slice(i + 1);
      if (!line) continue;
      const m = JSON.parse(line);
      if (typeof m.id === 'number' && waiting.has(m.id)) waiting.get(m.id)!(m);
    }
  });
  let next = 1;
  const request = (method: string, params: unknown): Promise<any> =>
    new Promise((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => reject(new Error(`${method}: no answer\n${stderr}`)), 60_000);
      waiting.set(id, (m) => {
        clearTimeout(timer);
        if (m.error) reject(new Error(`${method}: ${JSON.stringify(m.error)}`));
        else resolve(m.result);
      });
      child.stdin.write(`${JSON.stringify({ id, method, params })}\n`);
    });
  const notify = (method: string) => child.stdin.write(`${JSON.stringify({ method })}\n`);
  return { request, notify, close: () => child.kill() };
}

describe('Codex trust: the records the real Codex writes, read by butler status', () => {
  let ws: Workspace;
  let codexHome: string;
  let before: any[];
  let after: any[];
  let configToml: string;
  let command: string;
  let statusBefore: any;
  let statusAfter: any;

  const status = () => {
    const r = spawnSync(process.execPath, [BUTLER_BIN, 'status', '--json', '--project', ws.repo], {
      cwd: ws.repo,
      encoding: 'utf8',
      env: cleanEnv({ HOME: ws.home, CODEX_HOME: codexHome }),
    });
    return JSON.parse(r.stdout).data as any;
  };

  beforeAll(async () => {
    await ensureClients();
    ws = makeWorkspace('butler-e2e-codex-trust-');
    installButler(ws.repo, ['--codex']);
    commitAll(ws.repo, 'install butler');
    codexHome = path.join(ws.home, '.codex');
    fs.mkdirSync(codexHome, { recursive: true });
    const hooks = JSON.parse(fs.readFileSync(path.join(ws.repo, '.codex', 'hooks.json'), 'utf8'));
    command = hooks.hooks.PreToolUse[0].hooks[0].command;
    const server = appServer(ws, codexHome);
    try {
      await server.request('initialize', { clientInfo: { name: 'butler-e2e', version: '0' } });
      server.notify('initialized');
      await server.request('config/batchWrite', {
        edits: [{ keyPath: 'projects', mergeStrategy: 'upsert', value: { [ws.repo]: { trust_level: 'trusted' } } }],
      });
      before = (await server.request('hooks/list', { cwds: [ws.repo] })).data.flatMap((d: any) => d.hooks);
      const guard = before.find((h) => h.eventName === 'preToolUse' && h.source === 'project');
      if (!guard) throw new Error(`Codex lists no project PreToolUse hook: ${JSON.stringify(before)}`);
      // As statusBefore sees it: the project trusted, the hook not yet.
      fs.copyFileSync(path.join(codexHome, 'config.toml'), path.join(ws.base, 'project-only.toml'));
      await server.request('config/batchWrite', {
        edits: [{ keyPath: 'hooks.state', mergeStrategy: 'upsert', value: { [guard.key]: { trusted_hash: guard.currentHash } } }],
      });
      after = (await server.request('hooks/list', { cwds: [ws.repo] })).data.flatMap((d: any) => d.hooks);
    } finally {
      server.close();
    }
    configToml = fs.readFileSync(path.join(codexHome, 'config.toml'), 'utf8');
    fs.copyFileSync(path.join(codexHome, 'config.toml'), path.join(ws.base, 'trusted.toml'));
    fs.copyFileSync(path.join(ws.base, 'project-only.toml'), path.join(codexHome, 'config.toml'));
    statusBefore = status();
    fs.copyFileSync(path.join(ws.base, 'trusted.toml'), path.join(codexHome, 'config.toml'));
    statusAfter = status();
  }, 900_000);

  afterAll(() => {
    if (ws) removeWorkspace(ws);
  });

  it('Codex lists the installed guard under its own key and hash, untrusted until a person trusts it', () => {
    const guard = before.find((h) => h.eventName === 'preToolUse' && h.source === 'project');
    expect(guard.key).toBe(`${ws.repo}/.codex/hooks.json:pre_tool_use:0:0`);
    expect(guard.trustStatus).toBe('untrusted');
    expect(guard.matcher).toBe('Bash');
  });

  it("the hash Butler computes for the installed command is Codex's own currentHash", () => {
    const guard = before.find((h) => h.eventName === 'preToolUse' && h.source === 'project');
    expect(codexHookHash(command)).toBe(guard.currentHash);
  });

  it('the record Codex wrote: projects.<path>.trust_level and hooks.state.<key>.trusted_hash', () => {
    expect(configToml).toContain(`[projects."${ws.repo}"]\ntrust_level = "trusted"`);
    expect(configToml).toMatch(
      new RegExp(
        `\\[hooks\\.state\\."${ws.repo.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/\\.codex/hooks\\.json:pre_tool_use:0:0"\\]\\ntrusted_hash = "sha256:[0-9a-f]{64}"`,
      ),
    );
    const guard = after.find((h) => h.eventName === 'preToolUse' && h.source === 'project');
    expect(guard.trustStatus).toBe('trusted');
  });

  it('butler status reads those records as Codex does: hook not trusted, then the guard runs', () => {
    expect(statusBefore.guard_live.codex).toBe('does NOT run (hooks not trusted)');
    expect(statusAfter.guard_live.codex).toMatch(/^runs/);
  });
});
