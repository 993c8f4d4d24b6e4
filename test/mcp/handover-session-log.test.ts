// Snapshots built from the real transcripts captured from Claude Code and Codex (test/fixtures/transcripts).
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { sectionBody } from '../../src/handover/sections.js';
import { fakeClock } from '../helpers/clock.js';
import { connect } from '../helpers/mcp.js';
import { makeRepo } from '../helpers/repo.js';

let root: string;
let clock: ReturnType<typeof fakeClock>;

/** Copies a captured transcript into the project, pointing its recorded cwd at the temp repo. */
function placeTranscript(kind: 'claude' | 'codex', rel: string): string {
  const src = readFileSync(`test/fixtures/transcripts/${kind}/${kind === 'claude' ? 'session' : 'rollout'}.jsonl`, 'utf8');
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, src.split('/tmp/butler-e2e/repo').join(root));
  return file;
}

async function brain(name: string, env: Record<string, string> = {}) {
  const c = await connect({ clientName: name, deps: { now: clock.now, env } });
  await c.call('work_session_start', { project_root: root });
  return c;
}

beforeEach(() => {
  root = makeRepo().root;
  clock = fakeClock();
  writeFileSync(path.join(root, 'greet.txt'), 'hello\n');
  writeFileSync(path.join(root, 'notes.txt'), '# Notes\n');
});

describe('snapshots from real session logs', () => {
  for (const kind of ['claude', 'codex'] as const) {
    it(`${kind}: DISCOVERY, RISKS and CODEBASE_ANCHORS come from the log, with citations`, async () => {
      placeTranscript(kind, 'logs/t.jsonl');
      const c = await brain(kind === 'claude' ? 'claude-code' : 'codex-mcp-client');
      const r = await c.call('handover_suspend', { session_log_path: 'logs/t.jsonl' });
      expect(r.status).toBe('ok');
      const md = readFileSync(path.join(root, r.data.snapshot_file), 'utf8');
      const discovery = sectionBody(md, 'DISCOVERY').join('\n');
      expect(discovery).toMatch(/Add greet\.txt/);
      expect(discovery).toMatch(/L\d+/);
      expect(discovery).toMatch(/ls does-not-exist/);
      expect(sectionBody(md, 'RISKS').join('\n')).toMatch(/does-not-exist/);
      expect(sectionBody(md, 'CODEBASE_ANCHORS').join('\n')).toMatch(/`greet\.txt`/);
      expect(md).toContain('- session_log: logs/t.jsonl');
      expect(md).toMatch(/- session_line: \d+/);
      await c.close();
    });
  }

  it('the second suspend reads only what came after the mark, and a rotated log is read again from the start', async () => {
    const file = placeTranscript('claude', 'logs/t.jsonl');
    const c = await brain('claude-code');
    const first = await c.call('handover_suspend', { session_log_path: 'logs/t.jsonl' });
    clock.advance(60);
    const entry = {
      type: 'user',
      uuid: 'u-new',
      timestamp: '2026-12-02T12:00:00Z',
      cwd: root,
      message: { role: 'user', content: 'Now rename greet.txt please' },
    };
    appendFileSync(file, `${JSON.stringify(entry)}\n`);
    const second = await c.call('handover_suspend', { session_log_path: 'logs/t.jsonl' });
    const md2 = readFileSync(path.join(root, second.data.snapshot_file), 'utf8');
    const d2 = sectionBody(md2, 'DISCOVERY').join('\n');
    expect(d2).toContain('Now rename greet.txt please');
    // Only the lines after the mark are read; the request before it is carried from the first snapshot (D3).
    expect(d2).not.toMatch(/- Edited: `greet\.txt`/);
    expect(d2).toContain(`(${first.data.handover_id}, L3 2026-12-02T11:40:46Z)`);
    const md1 = readFileSync(path.join(root, first.data.snapshot_file), 'utf8');
    expect(Number(/- session_line: (\d+)/.exec(md2)?.[1])).toBeGreaterThan(Number(/- session_line: (\d+)/.exec(md1)?.[1]));
    clock.advance(60);
    writeFileSync(file, `${JSON.stringify({ ...entry, uuid: 'u-rotated', message: { role: 'user', content: 'fresh log' } })}\n`);
    const third = await c.call('handover_suspend', { session_log_path: 'logs/t.jsonl' });
    const d3 = sectionBody(readFileSync(path.join(root, third.data.snapshot_file), 'utf8'), 'DISCOVERY').join('\n');
    expect(d3).toContain('fresh log');
    expect(d3).toMatch(/rotated|truncated|ローテーション|先頭/);
    await c.close();
  });

  it('without session_log_path, the log the SessionStart hook recorded for this brain is used', async () => {
    const home = path.join(root, '..', 'home');
    const rel = '.claude/projects/p/s.jsonl';
    mkdirSync(path.join(home, '.claude/projects/p'), { recursive: true });
    writeFileSync(
      path.join(home, rel),
      readFileSync('test/fixtures/transcripts/claude/session.jsonl', 'utf8').split('/tmp/butler-e2e/repo').join(root),
    );
    const { sessionStart } = await import('../../src/hooks/session-start.js');
    await sessionStart(JSON.stringify({ session_id: 's', transcript_path: path.join(home, rel), cwd: root, source: 'startup' }), {
      brain: 'claude-code',
      env: {},
    });
    const c = await brain('claude-code', { HOME: home });
    const r = await c.call('handover_suspend', {});
    const md = readFileSync(path.join(root, r.data.snapshot_file), 'utf8');
    expect(sectionBody(md, 'DISCOVERY').join('\n')).toMatch(/Add greet\.txt/);
    await c.close();
  });

  it('secrets in notes and logs are masked before they reach the snapshot', async () => {
    const c = await brain('claude-code');
    const r = await c.call('handover_suspend', {
      notes: 'deploy with token ghp_abcdefghijklmnopqrstuvwxyz0123456789AB\nrisk: password=hunter2',
    });
    const md = readFileSync(path.join(root, r.data.snapshot_file), 'utf8');
    expect(md).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz0123456789AB');
    expect(md).not.toContain('hunter2');
    expect(md).toContain('REDACTED');
    await c.close();
  });
});
