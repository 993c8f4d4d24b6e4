// docs/decisions.md D43: the start memo checks the brain's recovery facts (`butler/recovery-<brain>`),
// not sessions.json, so a Node answer on an unchanged state leaves the memo as it was; a change recovery
// depends on still sends the start to Node; and the SessionEnd hook writes the memo the next start uses.
// Real git repos, a real `butler install`, the installed commands run by `sh -c`.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { capturedInput, placeTranscript, tempHome } from './auto-helpers.js';
import { gitDir, nodeAnswer, project, removeProjects, start, suspend } from './session-start-helpers.js';

afterAll(removeProjects);

const HOOK = path.resolve('hooks/session-start.cjs');
const memoOf = (root: string) => path.join(gitDir(root), 'start-claude-code.start');
const factsOf = (root: string) => path.join(gitDir(root), 'recovery-claude-code');
/** The file's identity: a rewrite (atomic rename) changes the inode, a write in place the mtime. */
const identity = (file: string) => {
  const st = statSync(file);
  return `${st.ino}:${st.mtimeMs}:${st.size}`;
};

/** The Node hook itself (not the installed command), as the bench runs it. */
function nodeHook(root: string, input: Record<string, unknown>): string {
  const r = spawnSync(process.execPath, [HOOK, '--brain', 'claude-code'], {
    cwd: root,
    input: JSON.stringify({ cwd: root, hook_event_name: 'SessionStart', source: 'startup', transcript_path: null, ...input }),
    env: { ...process.env, BUTLER_LANG: '' },
    encoding: 'utf8',
  });
  expect(r.status).toBe(0);
  return r.stdout;
}

const old = (file: string) => {
  const past = new Date(Date.now() - 3_600_000);
  utimesSync(file, past, past);
};

describe('the start memo on an unchanged state (D43)', () => {
  it('no memo where no installed script could read it; the first Node start with the script writes it', () => {
    const root = project();
    // An anchor there when the snapshot is written and deleted since: the drift the start reports.
    writeFileSync(path.join(root, 'gone.ts'), 'x\n');
    suspend(root, '--client', 'claude-code', '--notes', 'work\nnext: more\nanchor: gone.ts');
    rmSync(path.join(root, 'gone.ts'));
    const script = path.join(root, '.butler', 'bin', 'session-start.sh');
    const text = readFileSync(script, 'utf8');
    rmSync(script);
    rmSync(memoOf(root), { force: true });
    const first = nodeHook(root, { session_id: 'a' });
    expect(first).toMatch(/Drift since snapshot/);
    expect(existsSync(memoOf(root))).toBe(false);
    writeFileSync(script, text);
    expect(nodeHook(root, { session_id: 'a' })).toBe(first);
    expect(readFileSync(memoOf(root), 'utf8')).toMatch(/^butler-start-memo 1\n[^]*\n--\n/);
  });

  it('two Node answers on the same state leave the memo and the recovery facts untouched', () => {
    const root = project();
    // An anchor there when the snapshot is written and deleted since: the drift the start reports.
    writeFileSync(path.join(root, 'gone.ts'), 'x\n');
    suspend(root, '--client', 'claude-code', '--notes', 'work\nnext: more\nanchor: gone.ts');
    rmSync(path.join(root, 'gone.ts'));
    const t = path.join(root, 'a.jsonl');
    writeFileSync(t, '{"type":"user","message":{"role":"user","content":"hi"}}\n');
    const first = nodeHook(root, { session_id: 'a', transcript_path: t });
    expect(first).toMatch(/Drift since snapshot/);
    const [memo, facts] = [identity(memoOf(root)), identity(factsOf(root))];
    expect(readFileSync(factsOf(root), 'utf8')).toBe(`{"l1":{"id":"a","transcript":"${t}","checked":null},"l2":null}\n`);
    // sessions.json changes (the start's time), the answer and what recovery reads do not.
    const sessions = readFileSync(path.join(root, 'session_logs', 'sessions.json'), 'utf8');
    expect(nodeHook(root, { session_id: 'a', transcript_path: t })).toBe(first);
    expect(readFileSync(path.join(root, 'session_logs', 'sessions.json'), 'utf8')).not.toBe(sessions);
    expect(identity(memoOf(root))).toBe(memo);
    expect(identity(factsOf(root))).toBe(facts);
    // A session without a transcript changes nothing recovery reads either.
    nodeHook(root, { session_id: 'b' });
    expect(identity(memoOf(root))).toBe(memo);
  });

  it('a new session with a transcript, or a grown transcript, still sends the start to Node', () => {
    const root = project();
    suspend(root, '--client', 'claude-code', '--notes', 'work\nnext: more');
    const ta = path.join(root, 'a.jsonl');
    writeFileSync(ta, '{"type":"user","message":{"role":"user","content":"hi"}}\n');
    old(ta);
    start(root, 'claude', { session_id: 'a', transcript_path: ta });
    // Session b checks a's transcript (nothing new in it): the memo names a, checked at its size.
    const tb = path.join(root, 'b.jsonl');
    start(root, 'claude', { session_id: 'b', transcript_path: tb });
    const size = statSync(ta).size;
    expect(readFileSync(factsOf(root), 'utf8')).toBe(
      `{"l1":{"id":"b","transcript":"${tb}","checked":null},"l2":{"id":"a","transcript":"${ta}","checked":${size}}}\n`,
    );
    expect(start(root, 'claude', { session_id: 'b', transcript_path: tb }).shell).toBe(true);
    // A new session c with a transcript, seen by a Node start that writes only the compact memo: the start
    // memo still holds for every file but the recovery facts (c is now the one recovery would read).
    const tc = path.join(root, 'c.jsonl');
    writeFileSync(tc, '{"type":"user","message":{"role":"user","content":"c"}}\n');
    old(tc);
    nodeHook(root, { session_id: 'c', transcript_path: tc, source: 'compact' });
    expect(start(root, 'claude', { session_id: 'b', transcript_path: tb }).shell).toBe(false);
    // Node checked c (nothing to recover) and wrote the memo again; b's own restart would read c next:
    // once c's transcript grows, that start is Node's.
    expect(start(root, 'claude', { session_id: 'b', transcript_path: tb }).shell).toBe(true);
    expect(readFileSync(memoOf(root), 'utf8')).toContain(`r2 ${statSync(tc).size} ${tc}`);
    appendFileSync(tc, '{"type":"user","message":{"role":"user","content":"more"}}\n');
    old(tc);
    expect(start(root, 'claude', { session_id: 'b', transcript_path: tb }).shell).toBe(false);
  });
});

describe('SessionEnd writes the memo of the next start (D43)', () => {
  it('the first start after a clean end is the shell’s, and prints what Node prints', () => {
    const root = project('--session-end');
    const settings = JSON.parse(readFileSync(path.join(root, '.claude', 'settings.json'), 'utf8'));
    const endCmd = settings.hooks.SessionEnd[0].hooks[0].command as string;
    expect(endCmd).toContain('--trigger session-end');
    suspend(root, '--client', 'claude-code', '--notes', 'work\nnext: more');
    const home = tempHome();
    const id = JSON.parse(capturedInput('claude', 'session-end', '/', null)).session_id as string;
    const t = placeTranscript(home, root, 'claude', id);
    expect(start(root, 'claude', { session_id: id, transcript_path: t }).shell).toBe(false);
    const end = spawnSync('sh', ['-c', endCmd], {
      cwd: root,
      input: capturedInput('claude', 'session-end', root, t),
      env: { ...process.env, CLAUDE_PROJECT_DIR: root, HOME: home, BUTLER_LANG: '' },
      encoding: 'utf8',
    });
    expect(end.status).toBe(0);
    // The memo for the next start names the ended session, checked at its size: nothing to recover.
    const memo = readFileSync(memoOf(root), 'utf8');
    expect(memo).toContain(`r1 ${statSync(t).size} ${t}`);
    const next = { session_id: 'next', transcript_path: path.join(home, 'next.jsonl') };
    const shell = start(root, 'claude', next);
    expect(shell.shell).toBe(true);
    expect(nodeAnswer(root, 'claude', next)).toBe(shell.out);
  });
});
