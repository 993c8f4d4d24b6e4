import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { latestSession, recordSession, SESSIONS_LIMIT, sessionsPath } from '../../src/handover/sessions.js';

const root = () => realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-sessions-')));
const rec = (i: number, over: Record<string, unknown> = {}) => ({
  brain: 'claude-code',
  session_id: `s${i}`,
  transcript_path: `/home/u/.claude/projects/p/s${i}.jsonl`,
  started_at: `2026-06-04T10:${String(i % 60).padStart(2, '0')}:00.000Z`,
  source: 'startup',
  ...over,
});
const stored = (r: string) => JSON.parse(readFileSync(sessionsPath(r), 'utf8')) as { sessions: Record<string, unknown>[] };

describe('sessions registry', () => {
  it('records sessions and returns the brain’s newest one with a transcript', async () => {
    const r = root();
    await recordSession(r, rec(1));
    await recordSession(r, rec(2, { brain: 'codex-mcp-client', transcript_path: '/home/u/.codex/sessions/r.jsonl' }));
    await recordSession(r, rec(3, { transcript_path: null }));
    expect(await latestSession(r, 'claude-code')).toEqual(rec(1));
    expect((await latestSession(r, 'codex-mcp-client'))?.session_id).toBe('s2');
    expect(await latestSession(r, 'unknown')).toBeNull();
    expect(stored(r).sessions).toHaveLength(3);
  });

  it('the same session again moves to the end and keeps a known transcript', async () => {
    const r = root();
    await recordSession(r, rec(1));
    await recordSession(r, rec(2));
    await recordSession(r, rec(1, { transcript_path: null, source: 'resume', started_at: '2026-06-04T11:00:00.000Z' }));
    const list = stored(r).sessions;
    expect(list.map((s) => s.session_id)).toEqual(['s2', 's1']);
    expect(list[1]).toMatchObject({ source: 'resume', transcript_path: rec(1).transcript_path });
    expect((await latestSession(r, 'claude-code'))?.session_id).toBe('s1');
  });

  it(`keeps only the newest ${SESSIONS_LIMIT}`, async () => {
    const r = root();
    mkdirSync(path.dirname(sessionsPath(r)), { recursive: true });
    writeFileSync(sessionsPath(r), JSON.stringify({ sessions: Array.from({ length: SESSIONS_LIMIT + 5 }, (_, i) => rec(i)) }));
    await recordSession(r, rec(999));
    const list = stored(r).sessions;
    expect(list).toHaveLength(SESSIONS_LIMIT);
    expect(list[0]!.session_id).toBe('s6');
    expect(list.at(-1)!.session_id).toBe('s999');
  });

  it('tolerates a corrupt file and corrupt records', async () => {
    const r = root();
    mkdirSync(path.dirname(sessionsPath(r)), { recursive: true });
    writeFileSync(sessionsPath(r), '{ not json');
    expect(await latestSession(r, 'claude-code')).toBeNull();
    await recordSession(r, rec(1));
    expect(stored(r).sessions).toHaveLength(1);
    writeFileSync(
      sessionsPath(r),
      JSON.stringify({ sessions: [null, 5, { brain: 'claude-code' }, rec(2, { transcript_path: 'relative.jsonl' }), rec(3)] }),
    );
    expect((await latestSession(r, 'claude-code'))?.session_id).toBe('s3');
    await recordSession(r, rec(4));
    expect(stored(r).sessions.map((s) => s.session_id)).toEqual(['s2', 's3', 's4']);
  });

  it('ignores a record without brain, session id or start time', async () => {
    const r = root();
    await recordSession(r, rec(1, { brain: '' }));
    await recordSession(r, rec(1, { session_id: '  ' }));
    expect(await latestSession(r, 'claude-code')).toBeNull();
  });

  it('concurrent hooks all land', async () => {
    const r = root();
    await Promise.all(Array.from({ length: 25 }, (_, i) => recordSession(r, rec(i))));
    expect(stored(r).sessions).toHaveLength(25);
  });

  it('a held lock (another live process) is waited for, then the record lands; the lock is released', async () => {
    const r = root();
    await recordSession(r, rec(1));
    const lock = `${sessionsPath(r)}.lock`;
    writeFileSync(lock, `${process.pid}.${Date.now()}.0@${os.hostname()}\n`);
    const released = new Promise<void>((done) => setTimeout(() => (rmSync(lock), done()), 150));
    await recordSession(r, rec(2));
    await released;
    expect(stored(r).sessions.map((s) => s.session_id)).toEqual(['s1', 's2']);
    expect(existsSync(lock)).toBe(false);
  });

  it('refuses a session_logs that is a symbolic link out of the project, writing nothing there', async () => {
    const r = root();
    const outside = root();
    symlinkSync(outside, path.join(r, 'session_logs'));
    await expect(recordSession(r, rec(1))).rejects.toMatchObject({ code: 'policy_blocked' });
    expect(existsSync(path.join(outside, 'sessions.json'))).toBe(false);
    expect(existsSync(path.join(outside, 'sessions.json.lock'))).toBe(false);
  });

  it('imports nothing heavy (it runs inside the timed SessionStart hook)', () => {
    const src = readFileSync(new URL('../../src/handover/sessions.ts', import.meta.url), 'utf8');
    const imports = [...src.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    // node:fs and git-refs.ts for the start queue in the git dir (docs/decisions.md D40): both already in the hook.
    expect(imports).toEqual([
      'node:fs',
      'node:path',
      // joinPlain: a join without path.join's per-character cost (paths.ts is in the hook already).
      '../shared/paths.js',
      '../shared/git-refs.js',
      '../shared/tracked-logs.js',
      // ids.ts imports nothing (the brain-file pattern shared with start-memo.ts and start-index.ts).
      '../shared/ids.js',
      '../shared/fs.js',
      '../shared/lock.js',
    ]);
  });
});
