// The optional SessionEnd hook (`pre-compact.cjs --trigger session-end`), fed the input both real clients
// sent (test/fixtures/hooks/captured/<client>/session-end.json): one auto snapshot for the session that
// ends, none when a snapshot already covers its tail, and the next start does not recover it again.
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeAutoSnapshot } from '../../src/handover/auto.js';
import { recordSession } from '../../src/handover/sessions.js';
import { parseMetadata } from '../../src/handover/snapshot.js';
import { HandoverStore } from '../../src/handover/store.js';
import { sessionEnd } from '../../src/hooks/pre-compact.js';
import { sessionStart } from '../../src/hooks/session-start.js';
import { makeRepo, isolatedGitEnv } from '../helpers/repo.js';
import { age, appendClaudeRequest, capturedInput, placeTranscript, tempHome } from './auto-helpers.js';

const BUNDLE = path.resolve('hooks/pre-compact.cjs');
let root: string;
let home: string;
let env: Record<string, string>;

beforeEach(() => {
  root = makeRepo().root;
  home = tempHome();
  env = isolatedGitEnv({ HOME: home, BUTLER_LANG: 'en' });
});

async function snapshots() {
  const store = new HandoverStore(root);
  const entries = await store.entries();
  return Promise.all(entries.map(async (e) => ({ e, md: (await store.readSnapshot(e)) ?? '' })));
}

const idOf = (client: 'claude' | 'codex') => JSON.parse(capturedInput(client, 'session-end', '/', null)).session_id as string;

describe('SessionEnd hook', () => {
  it('Claude Code: one auto snapshot (trigger session-end) for the installed brain, once', async () => {
    const t = placeTranscript(home, root, 'claude', idOf('claude'));
    const input = capturedInput('claude', 'session-end', root, t);
    expect(await sessionEnd(input, { brain: 'claude-code', env })).toBe('');
    await sessionEnd(input, { brain: 'claude-code', env }); // a second SessionEnd for the same tail
    const [s, ...rest] = await snapshots();
    expect(rest).toHaveLength(0);
    expect(parseMetadata(s!.md)).toMatchObject({ mode: 'auto', trigger: 'session-end', source_brain: 'claude-code', session_log: t });
    expect(s!.e).toMatchObject({ mode: 'auto', trigger: 'session-end', touched: 2 });
    expect(s!.md).toContain('Automatic checkpoint (when the session ended)');
    expect(s!.md).toMatch(/- Edited: `greet\.txt`/);
    expect(s!.md).toMatch(/- Failed: .*ls does-not-exist/);
  });

  it('Codex: the same from its rollout, found by session id when transcript_path is null', async () => {
    const t = placeTranscript(home, root, 'codex', idOf('codex'));
    await sessionEnd(capturedInput('codex', 'session-end', root, null), { brain: 'codex-mcp-client', env });
    const [s] = await snapshots();
    expect(parseMetadata(s!.md)).toMatchObject({ mode: 'auto', trigger: 'session-end', source_brain: 'codex-mcp-client', session_log: t });
    expect(s!.md).toMatch(/- Edited: `greet\.txt`/);
  });

  it('writes nothing when a deliberate snapshot already covers the tail', async () => {
    const t = placeTranscript(home, root, 'claude', idOf('claude'));
    const { connect } = await import('../helpers/mcp.js');
    const c = await connect({ clientName: 'claude-code', deps: { env } });
    await c.call('work_session_start', { project_root: root });
    expect((await c.call('handover_suspend', { notes: 'parser half done', session_log_path: t })).status).toBe('ok');
    await c.close();
    appendFileSync(
      t,
      `${JSON.stringify({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'Saved.' }] }, uuid: 'z-1' })}\n`,
    );
    await sessionEnd(capturedInput('claude', 'session-end', root, t), { brain: 'claude-code', env });
    const all = await snapshots();
    expect(all).toHaveLength(1);
    expect(all[0]!.e.mode).not.toBe('auto');
  });

  it('the next start finds the ended session checked and does not recover it again', async () => {
    const id = idOf('claude');
    const t = placeTranscript(home, root, 'claude', id);
    await recordSession(root, { brain: 'claude-code', session_id: id, transcript_path: t, started_at: '2026-12-01T00:00:00Z' });
    await sessionEnd(capturedInput('claude', 'session-end', root, t), { brain: 'claude-code', env });
    const sessions = JSON.parse(readFileSync(path.join(root, 'session_logs', 'sessions.json'), 'utf8'));
    expect(sessions.sessions[0].checked_size).toBe(statSync(t).size);
    age(t, 600);
    const start = JSON.stringify({
      session_id: 'next',
      transcript_path: null,
      cwd: root,
      hook_event_name: 'SessionStart',
      source: 'startup',
    });
    await sessionStart(start, { brain: 'claude-code', env, writeAuto: writeAutoSnapshot });
    expect((await snapshots()).map((s) => s.e.trigger)).toEqual(['session-end']);
  });

  it('the bundle answers within its deadline on a huge transcript and exits 0', () => {
    const id = idOf('claude');
    const t = placeTranscript(home, root, 'claude', id);
    const filler = `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'x'.repeat(4000) }, uuid: 'f', sessionId: 's' })}\n`;
    appendFileSync(t, filler.repeat(12_000)); // ~48 MB of requests after the captured session
    appendClaudeRequest(t, 'the last thing I asked', 9);
    const t0 = Date.now();
    const r = spawnSync(process.execPath, [BUNDLE, '--brain', 'claude-code', '--trigger', 'session-end'], {
      input: capturedInput('claude', 'session-end', root, t),
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    const ms = Date.now() - t0;
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    // The hook gives up after 2.5 s (Codex clamps SessionEnd to 3 s); a loaded machine gets headroom here.
    expect(ms).toBeLessThan(10_000);
    const idx = JSON.parse(readFileSync(path.join(root, 'session_logs', 'handover', 'index.json'), 'utf8'));
    expect(idx.handovers[0]).toMatchObject({ trigger: 'session-end', source_brain: 'claude-code' });
    const md = readFileSync(path.join(root, idx.handovers[0].snapshot_file), 'utf8');
    expect(md).toMatch(/cut: only the newest part was read, \d+ earlier lines not read/);
    expect(md).toContain('Request: the last thing I asked');
    console.log(`session-end bundle on a 48 MB transcript: ${ms} ms`);
  });
});
