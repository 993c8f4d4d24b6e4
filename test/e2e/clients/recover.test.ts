// Issue 14 end to end with the real Claude Code CLI: a session writes a file and runs a failing
// command, then ends without handover_suspend. The next session's SessionStart hook recovers it as a
// `mode: auto` snapshot (trigger `recovered`) and its context names that snapshot.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from './model-server.js';
import {
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

describe('Claude Code: a session that ends without a handover is recovered at the next start', () => {
  let server: ModelServer;
  let ws: Workspace;
  let first: RunResult;
  let second: RunResult;
  let sessions: any;
  let index: any;

  beforeAll(async () => {
    await ensureClients();
    server = await startModelServer();
    ws = makeWorkspace();
    installButler(ws.repo);
    commitAll(ws.repo, 'install butler');
    server.setScript([
      { calls: [{ name: 'Write', input: { file_path: path.join(ws.repo, 'greet.txt'), content: 'hello\n' } }] },
      { calls: [{ name: 'Bash', input: { command: 'ls does-not-exist', description: 'List a missing folder' } }] },
      { text: 'Stopping here.' },
    ]);
    first = await runClaude({ ws, serverUrl: server.url, prompt: 'Add greet.txt, then list does-not-exist.' });
    sessions = JSON.parse(fs.readFileSync(path.join(ws.repo, 'session_logs', 'sessions.json'), 'utf8'));
    // A transcript written in the last two minutes may be a session still running elsewhere, and is left
    // alone (src/handover/recover.ts). Stand in for the time between two sessions by dating it back.
    const t = new Date(Date.now() - 10 * 60_000);
    for (const s of sessions.sessions) if (s.transcript_path) fs.utimesSync(s.transcript_path, t, t);
    server.setScript([{ text: 'Noted.' }]);
    second = await runClaude({ ws, serverUrl: server.url, prompt: 'What happened last time?' });
    index = JSON.parse(fs.readFileSync(path.join(ws.repo, 'session_logs', 'handover', 'index.json'), 'utf8'));
  }, 900_000);

  afterAll(async () => {
    server?.dump('claude-recover');
    await server?.close();
    if (ws) removeWorkspace(ws);
  });

  it('both sessions run offline; the first ends without any handover', () => {
    expect(first.code, first.stderr).toBe(0);
    expect(second.code, second.stderr).toBe(0);
    expect(fs.readFileSync(path.join(ws.repo, 'greet.txt'), 'utf8')).toBe('hello\n');
    expect(sessions.sessions).toHaveLength(1);
    expect(sessions.sessions[0]).toMatchObject({ brain: 'claude-code' });
    expect(fs.existsSync(sessions.sessions[0].transcript_path)).toBe(true);
  });

  it('the second start wrote one auto snapshot (trigger recovered) from the first transcript', () => {
    const autos = index.handovers.filter((e: any) => e.mode === 'auto');
    expect(autos).toHaveLength(1);
    expect(autos[0]).toMatchObject({ trigger: 'recovered', source_brain: 'claude-code', touched: 1 });
    const md = fs.readFileSync(path.join(ws.repo, autos[0].snapshot_file), 'utf8');
    expect(md).toMatch(/- Edited: `greet\.txt`/);
    expect(md).toMatch(/- Failed: .*ls does-not-exist/);
    expect(md).toMatch(/- mode: auto/);
    expect(md).toMatch(/- trigger: recovered/);
  });

  it("the second session's first request names the recovered snapshot", () => {
    const id = index.handovers.find((e: any) => e.mode === 'auto').handover_id;
    const reqs = server.mainRequests('anthropic');
    const context = claudeContext(reqs[reqs.length - 1]!.body);
    expect(context).toContain(id);
    expect(context).toContain('automatic checkpoint (recovered)');
    expect(context).toContain(`handover_resume(handover_id="${id}")`);
  });
});
