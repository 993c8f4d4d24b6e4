// A machine whose git config is hostile (issue #27; scripts/hostile-git.mjs writes it). The tests do
// not read it (test/setup-env.ts); Butler's own git runs none of its programs (hooks, fsmonitor,
// aliases, pager, external diff) and reads the same work state, records and diffs through it; a
// person's own choices (commit signing) are honoured with a clear error, nothing half-recorded.
// `.ci/run` also runs a subset of the suite under `node scripts/hostile-git.mjs`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeHostileGit } from '../../scripts/hostile-git.mjs';
import { createGit } from '../../src/work/git.js';
import { write } from '../helpers/git-scenarios.js';
import { connect } from '../helpers/mcp.js';
import { git, makeRepo } from '../helpers/repo.js';

const hostile = (personal: boolean) => writeHostileGit(mkdtempSync(path.join(os.tmpdir(), 'butler-hostile-')), { personal });

describe('the tests under a hostile machine git config', () => {
  it('see no global, system or environment git config, and no repository chosen from outside', () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'butler-noconfig-'));
    expect(execFileSync('git', ['config', '--list', '--show-origin'], { cwd: outside, encoding: 'utf8' })).toBe('');
    expect(
      Object.keys(process.env)
        .filter((k) => k.startsWith('GIT_'))
        .sort(),
    ).toEqual(['GIT_CONFIG_GLOBAL', 'GIT_CONFIG_NOSYSTEM', 'GIT_CONFIG_SYSTEM']);
    const { root } = makeRepo();
    expect(git(root, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
    expect(git(root, 'log', '--format=%s %G?')).toBe('initial N');
  });
});

describe("Butler's git under a hostile machine git config", () => {
  it('runs no hook, fsmonitor, alias, pager or external diff, and reads state, records and diffs as git says them', async () => {
    const h = hostile(false);
    const { root, remote } = makeRepo({ withRemote: true });
    // The remote's hooks are the remote's policy (a server's pre-receive may refuse a push): this one
    // has none of its own, as a server's own config would say.
    git(remote!, 'config', 'core.hooksPath', '/dev/null');
    const s = await connect({ deps: { env: { BUTLER_LANG: 'en' }, git: createGit({ ...process.env, ...h.env }) } });
    expect((await s.call('work_session_start', { project_root: root })).status).toBe('ok');
    // Only a new file (status.showUntrackedFiles=no must not hide it).
    write(root, 'new file.txt', 'one\ntwo\n');
    const fresh = await s.call('work_observe');
    expect([fresh.data.work_state, fresh.data.dirty_files]).toEqual(['dirty', ['new file.txt']]);
    write(root, 'README.md', '# changed\n');
    const observed = await s.call('work_observe');
    expect([observed.data.dirty_count, [...observed.data.dirty_files].sort()]).toEqual([2, ['README.md', 'new file.txt']]);
    const diff = await s.call('work_diff', { level: 'full' });
    expect(diff.status).toBe('ok');
    expect(JSON.stringify(diff.data)).toContain('-# test repo');
    expect(JSON.stringify(diff.data)).toContain('+# changed');
    expect(JSON.stringify(diff.data)).not.toMatch(/\\u001b\[/);

    const rec = await s.call('work_record', { message: 'add' });
    expect(rec.status).toBe('ok');
    expect(git(root, 'log', '--format=%s')).toBe('add\ninitial');
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual(['README.md', 'new file.txt']);
    const history = await s.call('work_history');
    expect(history.data.records.map((r: { message: string }) => r.message)).toEqual(['add', 'initial']);
    expect(history.data.records[0].record_id).toBe(git(root, 'rev-parse', '--short=12', 'HEAD'));
    const one = await s.call('work_diff', { record_id: rec.data.record_id });
    expect(one.data.files).toEqual([
      { path: 'README.md', added: 1, deleted: 1 },
      { path: 'new file.txt', added: 2, deleted: 0 },
    ]);
    expect((await s.call('work_observe')).data.work_state).toBe('recorded_unpublished');
    const pub = await s.call('work_publish');
    expect(pub, JSON.stringify(pub)).toMatchObject({ status: 'ok' });
    expect(git(remote!, 'rev-parse', 'main')).toBe(git(root, 'rev-parse', 'HEAD'));
    expect((await s.call('work_sync')).status).toBe('ok');
    expect((await s.call('work_observe')).data.work_state).toBe('clean_idle');
    await s.close();
    expect(h.ran()).toBe('');
  });

  it("honours the person's commit signing: a failing signer is a clear error and nothing is recorded", async () => {
    const h = hostile(true);
    const { root } = makeRepo();
    const s = await connect({ deps: { env: { BUTLER_LANG: 'en' }, git: createGit({ ...process.env, ...h.env }) } });
    await s.call('work_session_start', { project_root: root });
    write(root, 'a.js', 'x\n');
    const r = await s.call('work_record', { message: 'signed' });
    expect([r.status, r.error_code]).toEqual(['error', 'backend_error']);
    expect(r.data.diagnostic).toMatch(/gpg failed to sign/);
    expect(git(root, 'log', '--format=%s')).toBe('initial');
    await s.close();
    expect(h.ran()).toBe('');
  });
});
