// Issue #15: handovers that travel through the git remote, with real git (one bare remote, several
// clones) and a real MCP client per agent.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { sessionStart } from '../../src/hooks/session-start.js';
import { fakeClock } from '../helpers/clock.js';
import { allowSharing, secondClone, write } from '../helpers/git-scenarios.js';
import { connect } from '../helpers/mcp.js';
import { git, makeRepo } from '../helpers/repo.js';

const EN = { BUTLER_LANG: 'en' };
const REF = 'refs/butler/handover';
const TOKEN = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
let a: string;
let remote: string;
let clock: ReturnType<typeof fakeClock>;

beforeEach(async () => {
  const r = makeRepo({ withRemote: true });
  a = r.root;
  remote = r.remote!;
  clock = fakeClock();
  await allowSharing(a);
});

async function agent(root: string, name: string) {
  const c = await connect({ clientName: name, deps: { now: clock.now, env: EN } });
  expect((await c.call('work_session_start', { project_root: root })).status).toBe('ok');
  return c;
}

/** Files on the remote's shared ref (path → text); empty when there is none. */
function remoteFiles(): Map<string, string> {
  const out = new Map<string, string>();
  if (!git(remote, 'for-each-ref', REF)) return out;
  for (const p of git(remote, 'ls-tree', '-r', '--name-only', REF).split('\n').filter(Boolean))
    out.set(p, git(remote, 'show', `${REF}:${p}`));
  return out;
}

/** Every object in the remote, as text: a secret must be in none of them. */
const allRemoteObjects = () =>
  execFileSync('git', ['cat-file', '--batch-all-objects', '--batch'], { cwd: remote, encoding: 'latin1', maxBuffer: 64 << 20 });

/** A is where Claude works; Codex is known there because it once started a session in A. */
async function claudeOnA() {
  await (await agent(a, 'codex-mcp-client')).close();
  return agent(a, 'claude-code');
}

describe('sharing a transfer through the remote', () => {
  it('A transfers with share: true; Codex on clone B accepts it; the work branch, tree and index are untouched', async () => {
    const claude = await claudeOnA();
    write(a, '.gitignore', 'session_logs/\n');
    git(a, 'add', '-A');
    git(a, 'commit', '-qm', 'gitignore');
    git(a, 'push', '-q');
    write(a, 'staged.txt', 'staged\n');
    git(a, 'add', 'staged.txt');
    const before = {
      head: git(a, 'rev-parse', 'HEAD'),
      main: git(remote, 'rev-parse', 'main'),
      staged: git(a, 'diff', '--cached', '--name-only'),
      status: git(a, 'status', '--porcelain'),
    };
    const t = await claude.call('handover_transfer', {
      target_brain: 'codex-mcp-client',
      notes: 'Parser done.\nnext: wire the lexer',
      share: true,
    });
    expect(t.status).toBe('ok');
    expect(t.data).toMatchObject({ shared: true, shared_ref: REF });
    expect([...remoteFiles().keys()]).toEqual([`snapshots/${path.basename(t.data.snapshot_file)}`]);
    expect({
      head: git(a, 'rev-parse', 'HEAD'),
      main: git(remote, 'rev-parse', 'main'),
      staged: git(a, 'diff', '--cached', '--name-only'),
      status: git(a, 'status', '--porcelain'),
    }).toEqual(before);
    // METADATA names the human beside the brain.
    const text = readFileSync(path.join(a, t.data.snapshot_file), 'utf8');
    expect(text).toContain('- source_brain: claude-code\n- user_name: Test\n- user_email: test@example.com\n');

    const b = secondClone(remote);
    const codex = await agent(b, 'codex-mcp-client');
    const got = await codex.call('handover_accept');
    expect(got.status).toBe('ok');
    expect(got.data).toMatchObject({ handover_id: t.data.handover_id, source_brain: 'claude-code', accepted_by: 'codex-mcp-client' });
    expect(got.data.handoff_prompt).toContain('wire the lexer');
    expect(existsSync(path.join(b, t.data.snapshot_file))).toBe(true);
    // The receipt travelled too.
    expect([...remoteFiles().keys()].some((p) => p.startsWith(`receipts/${t.data.handover_id}/accepted-codex-mcp-client-`))).toBe(true);
    await Promise.all([claude.close(), codex.close()]);
  });

  it('a private transfer never reaches the remote, not even with a later shared one', async () => {
    const claude = await claudeOnA();
    const priv = await claude.call('handover_transfer', { target_brain: 'codex-mcp-client', notes: 'Private plan.' });
    expect(priv.data.shared).toBeUndefined();
    expect(remoteFiles().size).toBe(0);
    clock.advance(60);
    const pub = await claude.call('handover_suspend', { notes: 'Public note.', share: true });
    expect(pub.data.shared).toBe(true);
    expect([...remoteFiles().keys()]).toEqual([`snapshots/${path.basename(pub.data.snapshot_file)}`]);
    expect(allRemoteObjects()).not.toContain('Private plan.');

    const codex = await agent(secondClone(remote), 'codex-mcp-client');
    const got = await codex.call('handover_accept');
    expect(got.status).toBe('need_input');
    expect((await codex.call('handover_list')).data.handovers.map((h: any) => h.handover_id)).toEqual([pub.data.handover_id]);
    await Promise.all([claude.close(), codex.close()]);
  });

  it('a token in the notes never reaches the remote; config patterns apply too', async () => {
    write(a, '.butler/config.yaml', 'handover:\n  share: true\nredact:\n  patterns: ["ACME-[0-9]{6}"]\n');
    const claude = await claudeOnA();
    const t = await claude.call('handover_transfer', {
      target_brain: 'codex-mcp-client',
      notes: `Deploy with token ${TOKEN} and key ACME-123456.`,
    });
    expect(t.data.shared).toBe(true); // handover.share in the config makes it the default
    const objects = allRemoteObjects();
    expect(objects).toContain('[REDACTED');
    expect(objects).not.toContain(TOKEN);
    expect(objects).not.toContain('ACME-123456');
    // share: false overrides the config.
    clock.advance(60);
    expect((await claude.call('handover_suspend', { notes: 'mine only', share: false })).data.shared).toBeUndefined();
    expect(allRemoteObjects()).not.toContain('mine only');
    await claude.close();
  });

  it('two clones sharing at once both land', async () => {
    const b = secondClone(remote);
    await allowSharing(b);
    const [ca, cb] = [await agent(a, 'claude-code'), await agent(b, 'codex-mcp-client')];
    const results = await Promise.all([
      ca.call('handover_suspend', { notes: 'from A', share: true }),
      cb.call('handover_suspend', { notes: 'from B', share: true }),
      ca.call('handover_suspend', { notes: 'from A again', share: true, issue_id: 7 }),
    ]);
    for (const r of results) expect(r.data.shared).toBe(true);
    const names = [...remoteFiles().keys()].sort();
    expect(names).toEqual(results.map((r) => `snapshots/${path.basename(r.data.snapshot_file)}`).sort());
    await Promise.all([ca.close(), cb.close()]);
  });

  it('offline: the push fails, the local snapshot stands, and work_publish shares it later', async () => {
    git(a, 'remote', 'set-url', 'origin', path.join(path.dirname(remote), 'gone.git'));
    const claude = await agent(a, 'claude-code');
    const t = await claude.call('handover_suspend', { notes: 'Offline note.', share: true });
    expect(t.status).toBe('ok');
    expect(t.data).toMatchObject({ shared: false, share_error: expect.stringContaining('Not shared') });
    expect(existsSync(path.join(a, t.data.snapshot_file))).toBe(true);
    // Resume and list still work on what is local, and say the remote was not read.
    const r = await claude.call('handover_resume');
    expect(r.data).toMatchObject({ handover_id: t.data.handover_id, remote_note: expect.stringContaining('not fetched') });

    git(a, 'remote', 'set-url', 'origin', remote);
    git(a, 'add', '-A');
    git(a, 'commit', '-qm', 'gitignore');
    const p = await claude.call('work_publish');
    expect(p.status).toBe('ok');
    expect(p.data.handovers_shared).toEqual([t.data.handover_id]);
    expect([...remoteFiles().keys()]).toEqual([`snapshots/${path.basename(t.data.snapshot_file)}`]);
    await claude.close();
  });

  it('a clone that has not fetched the records the snapshot was written on is told so and pointed at work_sync', async () => {
    const b = secondClone(remote);
    const claude = await claudeOnA();
    write(a, 'lib.js', 'export const x = 1;\n');
    expect((await claude.call('work_record', { message: 'lib' })).status).toBe('ok');
    expect((await claude.call('work_publish')).status).toBe('ok');
    const t = await claude.call('handover_transfer', { target_brain: 'codex-mcp-client', notes: 'Half done.', share: true });
    const codex = await agent(b, 'codex-mcp-client');
    const acc = await codex.call('handover_accept');
    expect(acc.data.handover_id).toBe(t.data.handover_id);
    expect(acc.data.drift, JSON.stringify(acc.data.drift)).toMatchObject({ head_unknown: true });
    expect(acc.summary).toContain('is not in this clone yet');
    expect(acc.data.required_action.tool).toBe('work_sync');
    expect((await codex.call('work_sync')).status).toBe('ok');
    const again = await codex.call('handover_resume');
    expect(again.data.drift).toMatchObject({ head_unknown: false, head_moved: false });
    await Promise.all([claude.close(), codex.close()]);
  });

  it('the receipt prevents a second accept on another clone', async () => {
    const claude = await claudeOnA();
    const t = await claude.call('handover_transfer', { target_brain: 'codex-mcp-client', notes: 'Take this.', share: true });
    const b = await agent(secondClone(remote), 'codex-mcp-client');
    const c = await agent(secondClone(remote), 'codex-mcp-client');
    expect((await b.call('handover_accept')).data.accepted_by).toBe('codex-mcp-client');
    const second = await c.call('handover_accept');
    expect(second.status, JSON.stringify(second)).toBe('need_input');
    expect(second.data.taken[0]).toMatchObject({ handover_id: t.data.handover_id });
    const byId = await c.call('handover_accept', { handover_id: t.data.handover_id });
    expect(byId).toMatchObject({ status: 'error', error_code: 'conflict' });
    // B, the clone that took it, resumes it as its own.
    expect((await b.call('handover_resume')).data.handover_id).toBe(t.data.handover_id);
    await Promise.all([claude.close(), b.close(), c.close()]);
  });

  it('two clones accepting one shared transfer at once: exactly one takes it, and every clone agrees', async () => {
    const claude = await claudeOnA();
    const t = await claude.call('handover_transfer', { target_brain: 'codex-mcp-client', notes: 'Only one of you.', share: true });
    const [b, c] = [await agent(secondClone(remote), 'codex-mcp-client'), await agent(secondClone(remote), 'codex-mcp-client')];
    const results = await Promise.all([
      b.call('handover_accept', { handover_id: t.data.handover_id }),
      c.call('handover_accept', { handover_id: t.data.handover_id }),
    ]);
    const winners = results.filter((r) => r.status === 'ok');
    expect(winners).toHaveLength(1);
    expect(results.find((r) => r.status !== 'ok')).toMatchObject({ status: 'error', error_code: 'conflict' });
    expect([...remoteFiles().keys()].filter((p) => p.includes('/accepted-'))).toHaveLength(1);
    // Afterwards the winner resumes it, and the loser is still refused.
    const [winner, loser] = results[0]!.status === 'ok' ? [b, c] : [c, b];
    expect((await winner.call('handover_resume')).data.handover_id).toBe(t.data.handover_id);
    expect((await loser.call('handover_accept')).data.taken?.[0]?.handover_id).toBe(t.data.handover_id);
    await Promise.all([claude.close(), b.close(), c.close()]);
  });

  it('retiring a shared snapshot retires it on the other clones too', async () => {
    const claude = await claudeOnA();
    const t = await claude.call('handover_transfer', { target_brain: 'codex-mcp-client', notes: 'Stale plan.', share: true });
    let out = '';
    const code = await runCli(['handover', 'retire', t.data.handover_id, '--reason', 'plan dropped', '--json'], {
      cwd: a,
      env: EN,
      stdout: (x) => (out += x),
      stderr: (x) => (out += x),
      readStdin: async () => '',
    });
    expect(code).toBe(0);
    expect(JSON.parse(out).data.shared).toBe(true);
    const codex = await agent(secondClone(remote), 'codex-mcp-client');
    expect((await codex.call('handover_accept')).status).toBe('need_input');
    expect((await codex.call('handover_list')).data.handovers[0].receipts).toEqual([
      expect.objectContaining({ kind: 'retired', reason: 'plan dropped' }),
    ]);
    await Promise.all([claude.close(), codex.close()]);
  });

  it('the CLI takes --share as a switch', async () => {
    let out = '';
    const code = await runCli(['handover', 'suspend', '--notes', 'From the terminal.', '--share', '--json'], {
      cwd: a,
      env: EN,
      stdout: (t) => (out += t),
      stderr: (t) => (out += t),
      readStdin: async () => '',
    });
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r.data.shared).toBe(true);
    expect([...remoteFiles().keys()]).toEqual([`snapshots/${path.basename(r.data.snapshot_file)}`]);
  });

  it('SessionStart never fetches: when the last fetch is old it says handover_accept looks on the remote', async () => {
    write(a, '.butler/config.yaml', 'handover:\n  share: true\n');
    const claude = await agent(a, 'claude-code');
    await claude.call('handover_suspend', { notes: 'n', share: true });
    const hook = () =>
      sessionStart(JSON.stringify({ session_id: 's', cwd: a, source: 'startup' }), { brain: 'codex-mcp-client', env: EN, now: clock.now });
    expect(await hook()).not.toContain('look on the remote');
    clock.advance(2 * 3600);
    const out = await hook();
    expect(out).toContain('handover_accept will look on the remote');
    expect(out.length).toBeLessThanOrEqual(1200);
    await claude.close();
  });
});
