// Issue 14 end to end: the real Claude Code CLI compacts a session (`claude -p /compact --resume <id>`),
// the real Codex CLI compacts one on its own (the scripted model reports more tokens than the
// `model_auto_compact_token_limit` of its config), and Butler's installed PreCompact hook writes a
// `mode: auto` snapshot (trigger `precompact`) from the transcript. A test-only capture hook beside it
// records the input the client sent (test/fixtures/hooks/captured/<client>/pre-compact.json, and Codex's
// session-end.json, were taken this way).
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from './model-server.js';
import {
  CLIENTS_DIR,
  butler,
  claudeBin,
  cleanEnv,
  commitAll,
  ensureClients,
  installButler,
  makeWorkspace,
  removeWorkspace,
  runClaude,
  runCodex,
  withLock,
  writeCodexHome,
  type RunResult,
  type Workspace,
} from './clients.js';

const pinned = (client: string, event: string) =>
  JSON.parse(fs.readFileSync(path.join(CLIENTS_DIR, `../../fixtures/hooks/captured/${client}/${event}.json`), 'utf8'));
const readCaptured = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .sort()
        .map((f) => ({ file: f, input: JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) }))
    : [];
const readIndex = (repo: string) => {
  const idx = path.join(repo, 'session_logs', 'handover', 'index.json');
  return fs.existsSync(idx) ? JSON.parse(fs.readFileSync(idx, 'utf8')) : { handovers: [] };
};

/** Runs `claude` with the given args; resolves on exit or after `ms` (then the process group is killed). */
function claude(args: string[], cwd: string, env: NodeJS.ProcessEnv, ms: number): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(claudeBin(), args, { cwd, env, stdio: 'ignore', detached: true });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, ms);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

describe('Claude Code: PreCompact writes an automatic snapshot', () => {
  let server: ModelServer;
  let ws: Workspace;
  let captured: any[];
  let index: any;
  let sessionId: string;

  beforeAll(async () => {
    await ensureClients();
    server = await startModelServer();
    ws = makeWorkspace();
    installButler(ws.repo);
    commitAll(ws.repo, 'install butler');
    const capDir = path.join(ws.base, 'captured');
    const hook = `${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(CLIENTS_DIR, 'capture-hook.mjs'))} claude pre-compact`;
    const local = { hooks: { PreCompact: [{ matcher: 'manual|auto', hooks: [{ type: 'command', command: hook, timeout: 30 }] }] } };
    fs.writeFileSync(path.join(ws.repo, '.claude', 'settings.local.json'), JSON.stringify(local));
    server.setScript([
      { calls: [{ name: 'Write', input: { file_path: path.join(ws.repo, 'greet.txt'), content: 'hello\n' } }] },
      { text: 'Done.' },
      { text: 'Summary: greet.txt was added.' },
      { text: 'Summary: greet.txt was added.' },
    ]);
    const first = await runClaude({ ws, serverUrl: server.url, prompt: 'Add greet.txt.' });
    sessionId = first.json?.session_id;
    const env = cleanEnv({
      HOME: ws.home,
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'butler-e2e-key',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      IS_SANDBOX: '1',
      BUTLER_CAPTURE_DIR: capDir,
    });
    // In -p mode `/compact` may leave the process waiting after the compaction; the hooks have run by then.
    await withLock('client', () =>
      claude(['-p', '/compact', '--resume', sessionId, '--permission-mode', 'bypassPermissions'], ws.repo, env, 90_000),
    );
    captured = fs.existsSync(capDir) ? fs.readdirSync(capDir).map((f) => JSON.parse(fs.readFileSync(path.join(capDir, f), 'utf8'))) : [];
    const idx = path.join(ws.repo, 'session_logs', 'handover', 'index.json');
    index = fs.existsSync(idx) ? JSON.parse(fs.readFileSync(idx, 'utf8')) : { handovers: [] };
  }, 900_000);

  afterAll(async () => {
    server?.dump('claude-precompact');
    await server?.close();
    if (ws) removeWorkspace(ws);
  });

  it('the client sends the PreCompact input Butler reads (pinned in the captured fixture)', () => {
    expect(captured).toHaveLength(1);
    expect(Object.keys(captured[0]).sort()).toEqual(Object.keys(pinned('claude', 'pre-compact')).sort());
    expect(captured[0]).toMatchObject({ hook_event_name: 'PreCompact', trigger: 'manual', session_id: sessionId, cwd: ws.repo });
    expect(fs.existsSync(captured[0].transcript_path)).toBe(true);
  });

  it("Butler's PreCompact hook wrote one auto snapshot for claude-code from that transcript", () => {
    // Claude Code runs PostCompact after the compaction too (install adds it: issue #22), so there are two.
    const all = index.handovers.filter((e: any) => e.mode === 'auto');
    expect(all.map((e: any) => e.trigger).sort()).toEqual(['postcompact', 'precompact']);
    const autos = all.filter((e: any) => e.trigger === 'precompact');
    expect(autos).toHaveLength(1);
    expect(autos[0]).toMatchObject({
      trigger: 'precompact',
      source_brain: 'claude-code',
      touched: 1,
      session_log: captured[0].transcript_path,
    });
    const md = fs.readFileSync(path.join(ws.repo, autos[0].snapshot_file), 'utf8');
    expect(md).toMatch(/- Edited: `greet\.txt`/);
    expect(md).toMatch(/- Request: Add greet\.txt\./);
  });

  it("Butler's PostCompact hook kept the client's compaction summary in an automatic snapshot", () => {
    const post = index.handovers.filter((e: any) => e.mode === 'auto' && e.trigger === 'postcompact');
    expect(post).toHaveLength(1);
    const md = fs.readFileSync(path.join(ws.repo, post[0].snapshot_file), 'utf8');
    expect(md).toMatch(/^## COMPACTION SUMMARY \(client\)$/m);
    expect(md).toMatch(/^> \S/m);
  });
});

describe('Codex: an automatic compaction writes an automatic snapshot; the optional SessionEnd another', () => {
  let server: ModelServer;
  let ws: Workspace;
  let run: RunResult;
  let captured: { file: string; input: any }[];
  let index: any;

  beforeAll(async () => {
    await ensureClients();
    server = await startModelServer();
    ws = makeWorkspace();
    installButler(ws.repo);
    butler(ws.repo, ['install', '--codex', '--session-end', '--project', ws.repo]);
    commitAll(ws.repo, 'install butler');
    const capDir = path.join(ws.base, 'captured');
    const hook = (event: string) => ({
      type: 'command',
      command: `${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(CLIENTS_DIR, 'capture-hook.mjs'))} codex ${event}`,
      timeout: 3,
    });
    const file = path.join(ws.repo, '.codex', 'hooks.json');
    const hooks = JSON.parse(fs.readFileSync(file, 'utf8'));
    hooks.hooks.PreCompact.push({ matcher: 'manual|auto', hooks: [hook('pre-compact')] });
    hooks.hooks.SessionEnd.push({ hooks: [hook('session-end')] });
    fs.writeFileSync(file, JSON.stringify(hooks, null, 2));
    writeCodexHome(ws, server.url);
    // A top-level key, so before the tables writeCodexHome wrote. Codex compacts once a response reports more.
    const config = path.join(ws.codexHome, 'config.toml');
    fs.writeFileSync(config, `model_auto_compact_token_limit = 10000\n${fs.readFileSync(config, 'utf8')}`);
    const patch = '*** Begin Patch\n*** Add File: greet.txt\n+hello from codex\n*** End Patch\n';
    server.setScript([
      { calls: [{ name: 'apply_patch', custom: true, input: patch }], usage: 50_000 },
      { calls: [{ name: 'exec_command', input: { cmd: 'ls does-not-exist' } }] },
      { text: 'Done.' },
    ]);
    run = await runCodex({
      ws,
      serverUrl: server.url,
      prompt: 'Add greet.txt, then list does-not-exist.',
      env: { BUTLER_CAPTURE_DIR: capDir },
    });
    captured = readCaptured(capDir);
    index = readIndex(ws.repo);
  }, 900_000);

  afterAll(async () => {
    server?.dump('codex-precompact');
    await server?.close();
    if (ws) removeWorkspace(ws);
  });

  it('the session compacts once and finishes offline', () => {
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('context compacted');
    expect(server.requests.filter((r) => JSON.stringify(r.body?.input ?? '').includes('CONTEXT CHECKPOINT COMPACTION'))).toHaveLength(1);
    expect(fs.readFileSync(path.join(ws.repo, 'greet.txt'), 'utf8')).toBe('hello from codex\n');
  });

  it('the client sends the PreCompact and SessionEnd input Butler reads (pinned in the captured fixtures)', () => {
    expect(captured.map((c) => c.file)).toEqual(['codex-pre-compact-0.json', 'codex-session-end-0.json']);
    const [pre, end] = captured.map((c) => c.input);
    expect(Object.keys(pre).sort()).toEqual(Object.keys(pinned('codex', 'pre-compact')).sort());
    expect(pre).toMatchObject({ hook_event_name: 'PreCompact', trigger: 'auto', cwd: ws.repo });
    expect(fs.existsSync(pre.transcript_path)).toBe(true);
    expect(Object.keys(end).sort()).toEqual(Object.keys(pinned('codex', 'session-end')).sort());
    expect(end).toMatchObject({
      hook_event_name: 'SessionEnd',
      reason: 'other',
      session_id: pre.session_id,
      transcript_path: pre.transcript_path,
    });
  });

  it("Butler's PreCompact hook wrote an auto snapshot for codex-mcp-client, SessionEnd one for the tail after it", () => {
    const autos = index.handovers.filter((e: any) => e.mode === 'auto');
    expect(autos.map((e: any) => e.trigger).sort()).toEqual(['precompact', 'session-end']);
    const log = captured[0]!.input.transcript_path;
    const pre = autos.find((e: any) => e.trigger === 'precompact');
    expect(pre).toMatchObject({ source_brain: 'codex-mcp-client', touched: 1, session_log: log });
    const preMd = fs.readFileSync(path.join(ws.repo, pre.snapshot_file), 'utf8');
    expect(preMd).toMatch(/- Edited: `greet\.txt`/);
    expect(preMd).toMatch(/- Request: Add greet\.txt, then list does-not-exist\./);
    const end = autos.find((e: any) => e.trigger === 'session-end');
    expect(end).toMatchObject({ source_brain: 'codex-mcp-client', session_log: log, parent: pre.handover_id });
    const endMd = fs.readFileSync(path.join(ws.repo, end.snapshot_file), 'utf8');
    expect(endMd).toMatch(/- Failed: .*ls does-not-exist/);
    // Only the tail after the PreCompact mark: the edit is not listed again (greet.txt stays in the work state, uncommitted).
    expect(endMd, endMd).not.toMatch(/- Edited: `greet\.txt`/);
  });
});
