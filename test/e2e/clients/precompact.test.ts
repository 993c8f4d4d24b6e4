// Issue 14 end to end: the real Claude Code CLI compacts a session (`claude -p /compact --resume <id>`)
// and Butler's installed PreCompact hook writes a `mode: auto` snapshot (trigger `precompact`) from the
// transcript. A test-only capture hook beside it records the input the client sent
// (test/fixtures/hooks/captured/claude/pre-compact.json was taken this way).
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from './model-server.js';
import { CLIENTS_DIR, claudeBin, cleanEnv, commitAll, ensureClients, installButler, makeWorkspace, removeWorkspace, runClaude, withLock, type Workspace } from './clients.js';

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
      HOME: ws.home, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'butler-e2e-key', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1', IS_SANDBOX: '1', BUTLER_CAPTURE_DIR: capDir,
    });
    // In -p mode `/compact` may leave the process waiting after the compaction; the hooks have run by then.
    await withLock('client', () => claude(['-p', '/compact', '--resume', sessionId, '--permission-mode', 'bypassPermissions'], ws.repo, env, 90_000));
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
    const pinned = JSON.parse(fs.readFileSync(path.join(CLIENTS_DIR, '../../fixtures/hooks/captured/claude/pre-compact.json'), 'utf8'));
    expect(Object.keys(captured[0]).sort()).toEqual(Object.keys(pinned).sort());
    expect(captured[0]).toMatchObject({ hook_event_name: 'PreCompact', trigger: 'manual', session_id: sessionId, cwd: ws.repo });
    expect(fs.existsSync(captured[0].transcript_path)).toBe(true);
  });

  it("Butler's PreCompact hook wrote one auto snapshot for claude-code from that transcript", () => {
    const autos = index.handovers.filter((e: any) => e.mode === 'auto');
    expect(autos).toHaveLength(1);
    expect(autos[0]).toMatchObject({ trigger: 'precompact', source_brain: 'claude-code', touched: 1, session_log: captured[0].transcript_path });
    const md = fs.readFileSync(path.join(ws.repo, autos[0].snapshot_file), 'utf8');
    expect(md).toMatch(/- Edited: `greet\.txt`/);
    expect(md).toMatch(/- Request: Add greet\.txt\./);
  });
});
