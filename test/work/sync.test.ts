import { existsSync, readFileSync, utimesSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ButlerError } from '../../src/shared/errors.js';
import { finishWork } from '../../src/work/finish.js';
import { hostGit } from '../helpers/git.js';
import { observeWork } from '../../src/work/observe.js';
import { publishWork } from '../../src/work/publish.js';
import { recordWork } from '../../src/work/record.js';
import { syncWork } from '../../src/work/sync.js';
import { commitFile, secondClone, write } from '../helpers/git-scenarios.js';
import { git, makeRepo } from '../helpers/repo.js';

const sync = (root: string, fetchTimeoutMs?: number) =>
  syncWork({ projectRoot: root, defaultIssue: null, git: hostGit, lang: 'en', ...(fetchTimeoutMs ? { fetchTimeoutMs } : {}) });
const publish = (root: string) => publishWork({ projectRoot: root, defaultIssue: null, git: hostGit, lang: 'en' });
const observe = (root: string) => observeWork({ projectRoot: root, defaultIssue: null, git: hostGit, lang: 'en' });
const record = (root: string, message: string) => recordWork({ projectRoot: root, message, defaultIssue: null, git: hostGit, lang: 'en' });

async function rejects(p: Promise<unknown>): Promise<ButlerError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ButlerError);
  return err as ButlerError;
}

/** Two agents on two clones of one bare remote, both starting from the same record. */
function twoClones() {
  const { root: a, remote } = makeRepo({ withRemote: true });
  const b = secondClone(remote!);
  return { a, b, remote: remote! };
}

const log = (root: string, ref = 'HEAD') => git(root, 'log', '--format=%s', ref).split('\n');

describe('work_sync', () => {
  it('non-conflicting divergence: the rejected publish points at work_sync, sync replays, then publish lands both', async () => {
    const { a, b, remote } = twoClones();
    write(b, 'theirs.txt', 'from b\n');
    await record(b, 'B adds theirs');
    expect((await publish(b)).status).toBe('ok');
    write(a, 'mine.txt', 'from a\n');
    await record(a, 'A adds mine');

    const rejected = await rejects(publish(a));
    expect(rejected.code).toBe('conflict');
    expect(rejected.hint).toContain('work_sync');
    expect(rejected.data.required_action).toMatchObject({ tool: 'work_sync' });

    const r = await sync(a);
    expect(r.status).toBe('ok');
    expect(r.data).toMatchObject({
      mode: 'rebase',
      integrated: 1,
      ahead: 1,
      behind: 0,
      required_action: null,
      ask_user_first: { tool: 'work_publish' },
    });
    expect(readFileSync(path.join(a, 'theirs.txt'), 'utf8')).toBe('from b\n');
    expect(readFileSync(path.join(a, 'mine.txt'), 'utf8')).toBe('from a\n');

    // The last fetch was an hour ago; the push is now, and it updates the tracking ref.
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(path.join(a, '.git', 'FETCH_HEAD'), hourAgo, hourAgo);
    expect((await publish(a)).status).toBe('ok');
    expect(log(remote, 'main').slice(0, 3)).toEqual(['A adds mine', 'B adds theirs', 'initial']);
    expect(Date.parse((await observe(a)).data.upstream!.fetched_at!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('behind only: fast-forward, and observe tells when it last fetched', async () => {
    const { a, b } = twoClones();
    commitFile(b, 'theirs.txt', 'from b\n', 'B adds theirs');
    git(b, 'push', '-q', 'origin', 'HEAD');
    // The clone was the last fetch: its time, from the tracking ref's reflog (FETCH_HEAD does not exist yet).
    expect(existsSync(path.join(a, '.git', 'FETCH_HEAD'))).toBe(false);
    expect((await observe(a)).data.upstream?.fetched_at).toEqual(expect.any(String));
    // Someone else's fetch (here raw git) makes behind visible; observe offers work_sync, never fetches.
    git(a, 'fetch', '-q');
    const seen = await observe(a);
    expect(seen.data).toMatchObject({ work_state: 'clean_idle', upstream: { behind: 1 }, required_action: null });
    expect(seen.data.available_next?.[0]).toBe('work_sync');
    expect(seen.summary).toBe('Clean and published; 1 remote record(s) not here yet (work_sync)');

    const r = await sync(a);
    expect(r.data).toMatchObject({ mode: 'fast_forward', integrated: 1, ahead: 0, behind: 0, required_action: null });
    expect(git(a, 'rev-parse', 'HEAD')).toBe(git(b, 'rev-parse', 'HEAD'));
    const o = await observe(a);
    expect(o.data.work_state).toBe('clean_idle');
    expect(Date.parse(o.data.upstream!.fetched_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(o.data.upstream?.judged_by).toContain(o.data.upstream!.fetched_at!);
  });

  it('a one-line conflict stops cleanly: conflict with the paths, nothing lost, no rebase left; observe says diverged', async () => {
    const { a, b } = twoClones();
    write(b, 'README.md', 'their line\n');
    await record(b, 'B edits README');
    await publish(b);
    write(a, 'README.md', 'my line\n');
    await record(a, 'A edits README');
    const before = git(a, 'rev-parse', 'HEAD');

    const err = await rejects(sync(a));
    expect(err.code).toBe('conflict');
    expect(err.data.conflicted_files).toEqual(['README.md']);
    expect(err.hint).toMatch(/Ask the user which version of README\.md/);
    expect(err.message).not.toMatch(/CONFLICT|exit|fatal/);
    expect(git(a, 'rev-parse', 'HEAD')).toBe(before);
    expect(git(a, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe('main');
    expect(readFileSync(path.join(a, 'README.md'), 'utf8')).toBe('my line\n');
    expect(git(a, 'status', '--porcelain')).toBe('');
    expect(existsSync(path.join(a, '.git', 'rebase-merge')) || existsSync(path.join(a, '.git', 'rebase-apply'))).toBe(false);

    const o = await observe(a);
    expect(o.data).toMatchObject({
      work_state: 'recorded_unpublished',
      upstream: { ahead: 1, behind: 1 },
      required_action: { tool: 'work_sync' },
    });
    expect(o.summary).toMatch(/^Diverged/);
    const fin = await finishWork({ projectRoot: a, defaultIssue: null, git: hostGit, lang: 'en' });
    expect((fin.data.pending_actions as { action: string }[]).map((x) => x.action)).toEqual(['work_sync', 'work_publish']);

    const ja = await rejects(syncWork({ projectRoot: a, defaultIssue: null, git: hostGit, lang: 'ja' }));
    expect(ja.hint).toContain('README.md をどちらの版にするか');
    expect(git(a, 'rev-parse', 'HEAD')).toBe(before);
  });

  it('nothing to do: ok, no change', async () => {
    const { a } = twoClones();
    const before = git(a, 'rev-parse', 'HEAD');
    const r = await sync(a);
    expect(r).toMatchObject({ status: 'ok', summary: 'Up to date with origin/main', data: { mode: 'none', integrated: 0, ahead: 0 } });
    expect(git(a, 'rev-parse', 'HEAD')).toBe(before);
  });

  it('a dirty tree is policy_blocked and nothing is fetched', async () => {
    const { a, b } = twoClones();
    commitFile(b, 'theirs.txt', 'x\n');
    git(b, 'push', '-q', 'origin', 'HEAD');
    write(a, 'wip.txt', 'unrecorded\n');
    const err = await rejects(sync(a));
    expect(err.code).toBe('policy_blocked');
    expect(err.data.required_action).toMatchObject({ tool: 'work_record' });
    expect(existsSync(path.join(a, '.git', 'FETCH_HEAD'))).toBe(false);
    expect(readFileSync(path.join(a, 'wip.txt'), 'utf8')).toBe('unrecorded\n');
  });

  it('no upstream: upstream_not_configured', async () => {
    const { a } = twoClones();
    git(a, 'checkout', '-q', '-b', 'feature');
    const err = await rejects(sync(a));
    expect(err.code).toBe('upstream_not_configured');
    expect(err.message).toContain('feature');
  });

  it('an unreachable remote (no such path) is a clear backend_error, fast', async () => {
    const { a } = twoClones();
    git(a, 'remote', 'set-url', 'origin', 'file:///nonexistent/butler-remote.git');
    const t0 = Date.now();
    const err = await rejects(sync(a));
    expect(err.code).toBe('backend_error');
    expect(err.message).toBe('The remote could not be reached; nothing was changed');
    expect(err.message).not.toContain('nonexistent');
    expect(Date.now() - t0).toBeLessThan(30_000);
  });

  it('a remote that accepts but never answers is cut at the fetch bound', async () => {
    const { a } = twoClones();
    const sockets: net.Socket[] = [];
    const server = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as net.AddressInfo;
    try {
      git(a, 'remote', 'set-url', 'origin', `http://127.0.0.1:${port}/repo.git`);
      const t0 = Date.now();
      const err = await rejects(sync(a, 1_500));
      expect(err.code).toBe('backend_error');
      expect(err.message).toMatch(/did not answer within 2 s/);
      expect(Date.now() - t0).toBeLessThan(30_000);
      expect(git(a, 'status', '--porcelain')).toBe('');
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    }
  }, 60_000);
});
