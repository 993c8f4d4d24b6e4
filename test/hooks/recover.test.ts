import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseMetadata } from '../../src/handover/snapshot.js';
import { HandoverStore } from '../../src/handover/store.js';
import { writeAutoSnapshot } from '../../src/handover/auto.js';
import { SESSION_START_LIMIT, sessionStart } from '../../src/hooks/session-start.js';
import { makeRepo, isolatedGitEnv } from '../helpers/repo.js';
import { age, appendClaudeRequest, placeTranscript, tempHome } from './auto-helpers.js';

const BUNDLE = path.resolve('hooks/session-start.cjs');
let root: string;
let home: string;
let env: Record<string, string>;

beforeEach(() => {
  root = makeRepo().root;
  home = tempHome();
  env = isolatedGitEnv({ HOME: home, BUTLER_LANG: 'en' });
});

const start = (id: string, transcript: string | null, brain = 'claude-code') =>
  sessionStart(
    JSON.stringify({ session_id: id, transcript_path: transcript, cwd: root, hook_event_name: 'SessionStart', source: 'startup' }),
    { brain, env, writeAuto: writeAutoSnapshot },
  );

async function autos() {
  const store = new HandoverStore(root);
  return (await store.entries()).filter((e) => e.mode === 'auto');
}

describe('recovery at the next SessionStart', () => {
  it('recovers a session that ended without a handover once, and the prompt names the snapshot', async () => {
    const t1 = placeTranscript(home, root, 'claude', 's-1');
    await start('s-1', t1);
    age(t1, 600);
    const out = await start('s-2', placeTranscript(home, root, 'claude', 's-2'));
    const [a, ...more] = await autos();
    expect(more).toHaveLength(0);
    expect(a).toMatchObject({ trigger: 'recovered', source_brain: 'claude-code', touched: 2 });
    expect(out).toContain(a!.handover_id);
    expect(out).toContain('automatic checkpoint (recovered)');
    expect(out).toContain(`handover_resume(handover_id="${a!.handover_id}")`);
    expect(out.length).toBeLessThanOrEqual(SESSION_START_LIMIT);
    const md = (await new HandoverStore(root).readSnapshot(a!))!;
    expect(md).toMatch(/- Failed: .*ls does-not-exist/);
    // Once per ended session: the next starts do not write it again.
    await start('s-3', null);
    await start('s-4', null);
    expect(await autos()).toHaveLength(1);
  });

  it('files the checkpoint under the issue the session chose with work_start, and counts unpublished records', async () => {
    const r = makeRepo({ withRemote: true });
    root = r.root;
    spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'local record'], { cwd: root });
    const t1 = placeTranscript(home, root, 'claude', 's-1');
    // A Claude Code tool call as its transcript writes it; models often send the number as text.
    const call = {
      type: 'assistant',
      uuid: 'a-ws',
      timestamp: '2026-12-02T12:00:00.000Z',
      sessionId: 's-1',
      message: {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_ws', name: 'mcp__butler__work_start', input: { issue_id: '#7' } }],
      },
    };
    appendFileSync(t1, `${JSON.stringify(call)}\n`);
    await start('s-1', t1);
    age(t1, 600);
    const out = await start('s-2', null);
    const [a] = await autos();
    expect(a).toMatchObject({ trigger: 'recovered', issue_id: 7 });
    expect(out).toContain('Resume the work on issue #7');
    const md = (await new HandoverStore(root).readSnapshot(a!))!;
    expect(md).toContain('1 unpublished record(s)');
    expect(md).toMatch(/NEXT_ACTION[\s\S]*Compare the request in DISCOVERY/);
  });

  it('leaves a session that is still running alone: same id, or written to recently', async () => {
    const t1 = placeTranscript(home, root, 'claude', 's-1');
    await start('s-1', t1);
    await start('s-1', t1); // the same session again (resume, clear)
    await start('s-2', null); // another session while s-1 still writes
    expect(await autos()).toHaveLength(0);
    age(t1, 600);
    await start('s-3', null);
    expect(await autos()).toHaveLength(1);
  });

  it('does not recover a session whose tail holds nothing after its deliberate handover', async () => {
    const t1 = placeTranscript(home, root, 'claude', 's-1');
    await start('s-1', t1);
    const { connect } = await import('../helpers/mcp.js');
    const c = await connect({ clientName: 'claude-code', deps: { env } });
    await c.call('work_session_start', { project_root: root });
    const s = await c.call('handover_suspend', { notes: 'parser half done', session_log_path: t1 });
    expect(s.status).toBe('ok');
    await c.close();
    // What a client writes after the suspend: its tool result and a closing message, no new facts.
    appendFileSync(
      t1,
      `${JSON.stringify({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'Saved.' }] }, uuid: 'z-1' })}\n`,
    );
    age(t1, 600);
    const out = await start('s-2', null);
    expect(await autos()).toHaveLength(0);
    expect(out).toContain(`handover_resume(handover_id="${s.data.handover_id}")`);
  });

  it('a deliberate snapshot stays the one offered; the recovered checkpoint is one line after it', async () => {
    const t1 = placeTranscript(home, root, 'claude', 's-1');
    const { connect } = await import('../helpers/mcp.js');
    const c = await connect({ clientName: 'claude-code', deps: { env } });
    await c.call('work_session_start', { project_root: root });
    const s = await c.call('handover_suspend', { notes: 'parser half done\nblocked: waiting for the schema' });
    await c.close();
    await start('s-1', t1);
    age(t1, 600);
    const out = await start('s-2', null);
    const [a] = await autos();
    expect(a).toBeDefined();
    expect(out.startsWith('parser half done')).toBe(true);
    expect(out).toContain(`handover_resume(handover_id="${s.data.handover_id}")`);
    expect(out, out).toContain(`Newer automatic checkpoint ${a!.handover_id} (recovered, ${a!.created_at}): 2 files touched since.`);
    // The checkpoint carries the deliberate snapshot's open items forward.
    const md = (await new HandoverStore(root).readSnapshot(a!))!;
    expect(md).toContain('waiting for the schema');
    expect(parseMetadata(md)?.parent).toBe(s.data.handover_id);
  });

  it('answers within its deadline on a huge transcript, reading only the tail and saying it was cut', () => {
    const t1 = placeTranscript(home, root, 'claude', 's-big');
    const filler = `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'x'.repeat(4000) }, uuid: 'f', sessionId: 's' })}\n`;
    appendFileSync(t1, filler.repeat(12_000)); // ~48 MB of requests after the captured session
    appendClaudeRequest(t1, 'the last thing I asked', 9);
    const rec = JSON.stringify({
      sessions: [{ brain: 'claude-code', session_id: 's-big', transcript_path: t1, started_at: '2026-12-01T00:00:00Z' }],
    });
    spawnSync('mkdir', ['-p', path.join(root, 'session_logs')]);
    appendFileSync(path.join(root, 'session_logs', 'sessions.json'), rec);
    age(t1, 600);
    const t0 = Date.now();
    const r = spawnSync(process.execPath, [BUNDLE, '--brain', 'claude-code'], {
      input: JSON.stringify({ session_id: 's-next', transcript_path: null, cwd: root, hook_event_name: 'SessionStart', source: 'startup' }),
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    const ms = Date.now() - t0;
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('automatic checkpoint');
    expect(ms).toBeLessThan(10_000); // the hook's own deadline is 3 s; a loaded machine gets headroom
    const dir = path.join(root, 'session_logs', 'handover');
    const idx = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8'));
    const md = readFileSync(path.join(root, idx.handovers[0].snapshot_file), 'utf8');
    expect(md).toMatch(/cut: only the newest part was read, \d+ earlier lines not read/);
    expect(md).toContain('Request: the last thing I asked');
  });
});
