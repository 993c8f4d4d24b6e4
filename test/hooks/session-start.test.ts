import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_START_LIMIT, sessionStart } from '../../src/hooks/session-start.js';
import { fakeClock } from '../helpers/clock.js';
import { connect } from '../helpers/mcp.js';
import { git, makeRepo, isolatedGitEnv } from '../helpers/repo.js';

const BUNDLE = path.resolve('hooks/session-start.cjs');
const EN = { BUTLER_LANG: 'en' };
let root: string;
let clock: ReturnType<typeof fakeClock>;

const input = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ session_id: 's-1', transcript_path: null, cwd: root, hook_event_name: 'SessionStart', source: 'startup', ...extra });

async function asBrain(name: string) {
  const c = await connect({ clientName: name, deps: { now: clock.now } });
  await c.call('work_session_start', { project_root: root });
  return c;
}

beforeEach(() => {
  root = makeRepo().root;
  clock = fakeClock();
});

describe('SessionStart hook', () => {
  it('prints one line when there is no snapshot', async () => {
    const out = await sessionStart(input(), { brain: 'claude-code', env: EN });
    expect(out.trim().split('\n')).toHaveLength(1);
    expect(out).toContain('work_session_start');
  });

  it('with the guard off (committed), says so instead of "instead of git"; off only in the work tree changes nothing (#26.8)', async () => {
    mkdirSync(path.join(root, '.butler'), { recursive: true });
    writeFileSync(path.join(root, '.butler/config.yaml'), 'guard:\n  mode: off\n');
    const unc = await sessionStart(input(), { brain: 'claude-code', env: EN });
    expect(unc).toContain('instead of git');
    git(root, 'add', '.butler/config.yaml');
    git(root, 'commit', '-q', '-m', 'guard off');
    const out = await sessionStart(input(), { brain: 'claude-code', env: EN });
    expect(out).not.toContain('instead of git');
    expect(out).toContain('guard is off here (guard: mode: off)');
    expect(out).toContain('work_session_start');
  });

  it("prints this brain's own snapshot with handover_resume, prompt first", async () => {
    const c = await asBrain('claude-code');
    const s = await c.call('handover_suspend', { issue_id: 5, notes: 'Parser half done\nnext: finish the lexer' });
    await c.close();
    const out = await sessionStart(input(), { brain: 'claude-code', env: EN });
    expect(out.startsWith('Parser half done')).toBe(true);
    expect(out).toContain(s.data.handover_id);
    expect(out).toContain(`handover_resume(handover_id="${s.data.handover_id}")`);
    expect(out).toContain(`work_session_start(project_root="${root}")`);
  });

  it('prints a snapshot transferred from another brain with handover_accept', async () => {
    await (await asBrain('codex-mcp-client')).close();
    const c = await asBrain('claude-code');
    const t = await c.call('handover_transfer', { target_brain: 'codex-mcp-client', notes: 'Over to Codex' });
    await c.close();
    const out = await sessionStart(input(), { brain: 'codex-mcp-client', env: EN });
    expect(out).toContain('Over to Codex');
    expect(out).toContain(`from claude-code`);
    expect(out).toContain(`handover_accept(handover_id="${t.data.handover_id}")`);
    const other = await sessionStart(input(), { brain: 'claude-code', env: EN });
    expect(other).not.toContain(t.data.handover_id);
  });

  it('says how many when several brains handed over, and picks none', async () => {
    await (await asBrain('codex-mcp-client')).close();
    const a = await asBrain('claude-code');
    const b = await asBrain('gemini');
    await a.call('handover_transfer', { target_brain: 'codex-mcp-client', notes: 'from claude' });
    await b.call('handover_transfer', { target_brain: 'codex-mcp-client', notes: 'from gemini' });
    await Promise.all([a.close(), b.close()]);
    const out = await sessionStart(input(), { brain: 'codex-mcp-client', env: EN });
    expect(out).toContain('2 handovers');
    expect(out).toContain('handover_accept(handover_id=...)');
    expect(out).toContain('handover_list');
    expect(out).not.toContain('from claude\n');
  });

  it('reports drift: branch changed, HEAD moved with commit count (dirty files are left to handover_resume)', async () => {
    const c = await asBrain('claude-code');
    await c.call('handover_suspend', { notes: 'before drift' });
    await c.close();
    git(root, 'checkout', '-q', '-b', 'feature');
    writeFileSync(path.join(root, 'a.txt'), 'a');
    git(root, 'add', 'a.txt');
    git(root, 'commit', '-q', '-m', 'add a');
    writeFileSync(path.join(root, 'b.txt'), 'b');
    const out = await sessionStart(input(), { brain: 'claude-code', env: EN });
    expect(out).toMatch(/branch main -> feature/);
    expect(out).toMatch(/HEAD moved 1 commit/);
    expect(out).not.toMatch(/uncommitted/);
  });

  it('stays within 1,200 characters and keeps the id and next call', async () => {
    const c = await asBrain('claude-code');
    const long = Array.from({ length: 40 }, (_, i) => `next: step ${i} ${'x'.repeat(80)}`).join('\n');
    const s = await c.call('handover_suspend', { notes: `${'summary '.repeat(30)}\n${long}` });
    await c.close();
    const out = await sessionStart(input(), { brain: 'claude-code', env: EN });
    expect(out.length).toBeLessThanOrEqual(SESSION_START_LIMIT + 1);
    expect(out).toContain(s.data.handover_id);
    expect(out).toContain('Next: work_session_start');
  });

  it('after compact re-injects only the short form', async () => {
    const c = await asBrain('claude-code');
    await c.call('handover_suspend', { notes: 'Short summary\nnext: one\nrisk: two' });
    await c.close();
    const full = await sessionStart(input(), { brain: 'claude-code', env: EN });
    const short = await sessionStart(input({ source: 'compact' }), { brain: 'claude-code', env: EN });
    expect(short.length).toBeLessThan(full.length);
    expect(short.startsWith('Short summary')).toBe(true);
    expect(short).toContain('Next: work_session_start');
  });

  it('records the session and its transcript for the snapshot builder', async () => {
    await sessionStart(input({ session_id: 'abc', transcript_path: '/x/t.jsonl' }), { brain: 'claude-code', env: EN });
    const sessions = readFileSync(path.join(root, 'session_logs/sessions.json'), 'utf8');
    expect(sessions).toContain('"abc"');
    expect(sessions).toContain('/x/t.jsonl');
  });

  it('prints nothing on garbage stdin or a cwd outside any repo; one line for an unusable index without snapshots', async () => {
    expect(await sessionStart('not json', { brain: 'claude-code', env: EN })).toBe('');
    expect(await sessionStart('{}', { brain: 'claude-code', env: EN })).toBe('');
    expect(await sessionStart(JSON.stringify({ cwd: '/' }), { brain: 'claude-code', env: EN })).toBe('');
    mkdirSync(path.join(root, 'session_logs/handover/index.json'), { recursive: true });
    // The index cannot be read or rewritten; the snapshot files (none here) are what counts.
    expect((await sessionStart(input(), { brain: 'claude-code', env: EN })).trim().split('\n')).toHaveLength(1);
  });

  it('the bundle exits 0 and prints nothing on garbage, and prints the prompt on real input', async () => {
    const bad = spawnSync(process.execPath, [BUNDLE, '--brain', 'claude-code'], { input: '{{{', encoding: 'utf8' });
    expect(bad.status).toBe(0);
    expect(bad.stdout).toBe('');
    const c = await asBrain('claude-code');
    const s = await c.call('handover_suspend', { notes: 'via the bundle' });
    await c.close();
    const good = spawnSync(process.execPath, [BUNDLE, '--brain', 'claude-code'], { input: input(), encoding: 'utf8' });
    expect(good.status).toBe(0);
    expect(good.stdout).toContain('via the bundle');
    expect(good.stdout).toContain(s.data.handover_id);
  });
});

describe('SessionStart protocol pins (captured client input)', () => {
  for (const [client, brain] of [
    ['claude', 'claude-code'],
    ['codex', 'codex-mcp-client'],
  ] as const) {
    it(`exact stdout for ${client}: no snapshot, own snapshot, transferred snapshot`, async () => {
      const captured = JSON.parse(readFileSync(`test/fixtures/hooks/captured/${client}/session-start.json`, 'utf8'));
      const stdin = JSON.stringify({ ...captured, cwd: root });
      const run = () =>
        spawnSync(process.execPath, [BUNDLE, '--brain', brain], {
          input: stdin,
          encoding: 'utf8',
          env: { ...process.env, BUTLER_LANG: 'en' },
        });
      const none = run();
      const c = await asBrain(brain);
      await c.call('work_start', {});
      await c.call('handover_suspend', { notes: 'Pinned summary\nnext: pinned next step' });
      const own = run();
      const other = await asBrain(brain === 'claude-code' ? 'codex-mcp-client' : 'claude-code');
      clock.advance(60);
      await other.call('handover_transfer', { target_brain: brain, notes: 'Transferred summary' });
      await Promise.all([c.close(), other.close()]);
      const transferred = run();
      for (const r of [none, own, transferred]) expect(r.status).toBe(0);
      const pin = [none.stdout, own.stdout, transferred.stdout].join('---\n').split(root).join('<ROOT>');
      await expect(pin).toMatchFileSnapshot(`./__snapshots__/session-start.${client}.txt`);
    });
  }
});

describe('SessionStart language', () => {
  it('speaks English by default, Japanese with lang: ja in config, and BUTLER_LANG wins over the config', async () => {
    const c = await asBrain('claude-code');
    await c.call('handover_suspend', { notes: 'x' });
    await c.close();
    git(root, 'checkout', '-q', '-b', 'other');
    const en = await sessionStart(input(), { brain: 'claude-code', env: isolatedGitEnv() });
    expect(en).toContain('Next: work_session_start');
    expect(en).toContain('branch main -> other');
    mkdirSync(path.join(root, '.butler'), { recursive: true });
    writeFileSync(path.join(root, '.butler/config.yaml'), 'lang: ja\n');
    const ja = await sessionStart(input(), { brain: 'claude-code', env: isolatedGitEnv() });
    expect(ja).toContain('次: work_session_start');
    expect(ja).toContain('ブランチ main -> other');
    expect(await sessionStart(input(), { brain: 'claude-code', env: isolatedGitEnv({ BUTLER_LANG: 'en' }) })).toContain(
      'Next: work_session_start',
    );
  });
});
