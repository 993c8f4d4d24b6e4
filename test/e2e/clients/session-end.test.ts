// The optional SessionEnd hook end to end with the real Claude Code CLI (`butler install --session-end`):
// a `claude -p` session writes a file and runs a failing command, then ends without a handover. Claude
// Code fires SessionEnd (reason `other`) and Butler writes a `mode: auto` snapshot (trigger
// `session-end`). The next session is told about that snapshot, and recovery does not write it again.
// A test-only capture hook beside Butler's records the input (test/fixtures/hooks/captured/claude/session-end.json).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from './model-server.js';
import {
  CLIENTS_DIR,
  butler,
  commitAll,
  ensureClients,
  installButler,
  makeWorkspace,
  removeWorkspace,
  runClaude,
  type RunResult,
  type Workspace,
} from './clients.js';
import { claudeContext } from './requests.js';

describe('Claude Code: the optional SessionEnd hook writes an automatic snapshot when the session ends', () => {
  let server: ModelServer;
  let ws: Workspace;
  let first: RunResult & { json?: any };
  let second: RunResult;
  let captured: any[];
  let afterFirst: any;
  let index: any;

  const readIndex = () => JSON.parse(fs.readFileSync(path.join(ws.repo, 'session_logs', 'handover', 'index.json'), 'utf8'));

  beforeAll(async () => {
    await ensureClients();
    server = await startModelServer();
    ws = makeWorkspace();
    installButler(ws.repo);
    butler(ws.repo, ['install', '--claude', '--session-end', '--project', ws.repo]);
    commitAll(ws.repo, 'install butler');
    const capDir = path.join(ws.base, 'captured');
    const hook = `${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(CLIENTS_DIR, 'capture-hook.mjs'))} claude session-end`;
    const local = { hooks: { SessionEnd: [{ hooks: [{ type: 'command', command: hook, timeout: 3 }] }] } };
    fs.writeFileSync(path.join(ws.repo, '.claude', 'settings.local.json'), JSON.stringify(local));
    server.setScript([
      { calls: [{ name: 'Write', input: { file_path: path.join(ws.repo, 'greet.txt'), content: 'hello\n' } }] },
      { calls: [{ name: 'Bash', input: { command: 'ls does-not-exist', description: 'List a missing folder' } }] },
      { text: 'Stopping here.' },
    ]);
    first = await runClaude({
      ws,
      serverUrl: server.url,
      prompt: 'Add greet.txt, then list does-not-exist.',
      env: { BUTLER_CAPTURE_DIR: capDir },
    });
    captured = fs.existsSync(capDir) ? fs.readdirSync(capDir).map((f) => JSON.parse(fs.readFileSync(path.join(capDir, f), 'utf8'))) : [];
    afterFirst = readIndex();
    // Recovery leaves a transcript written in the last two minutes alone (src/handover/recover.ts): date it back,
    // so the next start would recover it if SessionEnd had not already covered it.
    const t = new Date(Date.now() - 10 * 60_000);
    if (captured[0]?.transcript_path) fs.utimesSync(captured[0].transcript_path, t, t);
    server.setScript([{ text: 'Noted.' }]);
    second = await runClaude({ ws, serverUrl: server.url, prompt: 'What happened last time?' });
    index = readIndex();
  }, 900_000);

  afterAll(async () => {
    server?.dump('claude-session-end');
    await server?.close();
    if (ws) removeWorkspace(ws);
  });

  it('claude -p fires SessionEnd with the input Butler reads (pinned in the captured fixture)', () => {
    expect(first.code, first.stderr).toBe(0);
    expect(second.code, second.stderr).toBe(0);
    expect(captured).toHaveLength(1);
    const pinned = JSON.parse(fs.readFileSync(path.join(CLIENTS_DIR, '../../fixtures/hooks/captured/claude/session-end.json'), 'utf8'));
    expect(Object.keys(captured[0]).sort()).toEqual(Object.keys(pinned).sort());
    expect(captured[0]).toMatchObject({ hook_event_name: 'SessionEnd', reason: 'other', session_id: first.json?.session_id, cwd: ws.repo });
  });

  it("Butler's SessionEnd hook wrote one auto snapshot (trigger session-end) for claude-code", () => {
    const autos = afterFirst.handovers.filter((e: any) => e.mode === 'auto');
    expect(autos).toHaveLength(1);
    expect(autos[0]).toMatchObject({
      trigger: 'session-end',
      source_brain: 'claude-code',
      touched: 1,
      session_log: captured[0].transcript_path,
    });
    const md = fs.readFileSync(path.join(ws.repo, autos[0].snapshot_file), 'utf8');
    expect(md).toMatch(/- Edited: `greet\.txt`/);
    expect(md).toMatch(/- Failed: .*ls does-not-exist/);
    expect(md).toMatch(/- trigger: session-end/);
  });

  it('the next session is told about it, its start recovers nothing more, and its own end is checkpointed', () => {
    const autos = index.handovers.filter((e: any) => e.mode === 'auto');
    // Newest first: the second session's own SessionEnd, then the first one's; no `recovered` one.
    expect(autos.map((e: any) => e.trigger)).toEqual(['session-end', 'session-end']);
    expect(autos[0].session_log).not.toBe(captured[0].transcript_path);
    const id = afterFirst.handovers[0].handover_id;
    expect(autos[1].handover_id).toBe(id);
    const reqs = server.mainRequests('anthropic');
    expect(claudeContext(reqs[reqs.length - 1]!.body)).toContain(`handover_resume(handover_id="${id}")`);
  });
});
