import { describe, expect, it } from 'vitest';
import { commitFile, write } from '../helpers/git-scenarios.js';
import { connect } from '../helpers/mcp.js';
import { git, makeRepo } from '../helpers/repo.js';

const WORKER = ['git_status', 'git_diff', 'git_log', 'git_commit', 'git_push'];

describe('worker surface (butler mcp --worker)', () => {
  it('no git_* / gitea_* tool appears on the brain server', async () => {
    const { client, close } = await connect();
    const names = (await client.listTools()).tools.map((t) => t.name);
    for (const n of WORKER) expect(names).not.toContain(n);
    expect(names.filter((n) => /^(git|gitea)_/.test(n))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['work_session_start', 'work_observe', 'work_diff', 'work_history']));
    const r = (await client.callTool({ name: 'git_status', arguments: { project_root: '/' } })).structuredContent as { error_code: string };
    expect(r.error_code).toBe('not_found');
    await close();
  });

  it('the worker server lists the git_* tools and no work_* tools', async () => {
    const { client, close } = await connect({ worker: true });
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(WORKER));
    expect(names.filter((n) => n.startsWith('work_'))).toEqual([]);
    expect(client.getServerVersion()?.name).toBe('butler-worker');
    await close();
  });

  it('git_* tools work with an explicit project_root', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    const { call, close } = await connect({ worker: true });
    write(root, 'a.txt', 'a\n');
    write(root, 'b.txt', 'b\n');
    const st = await call('git_status', { project_root: root });
    expect(st.data.entries.map((e: { path: string }) => e.path).sort()).toEqual(['a.txt', 'b.txt']);
    expect((await call('git_diff', { project_root: root })).data.untracked.sort()).toEqual(['a.txt', 'b.txt']);
    const c = await call('git_commit', { project_root: root, message: 'only a', paths: ['a.txt'] });
    expect(c.status).toBe('ok');
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD')).toBe('a.txt');
    expect((await call('git_log', { project_root: root, n: 1 })).data.records[0].message).toBe('only a');
    expect((await call('git_push', { project_root: root })).error_code).toBe('policy_blocked');
    await call('git_commit', { project_root: root, message: 'b' });
    expect((await call('git_push', { project_root: root })).status).toBe('ok');
    expect(git(remote!, 'rev-parse', 'main')).toBe(git(root, 'rev-parse', 'HEAD'));
    expect((await call('git_status', { project_root: 'relative' })).error_code).toBe('invalid_argument');
    await close();
  });

  it('git_push with set_upstream_remote publishes a new branch and sets its upstream', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    git(root, 'checkout', '-q', '-b', 'feature');
    commitFile(root, 'f.txt', 'f');
    const { call, close } = await connect({ worker: true });
    expect((await call('git_push', { project_root: root })).error_code).toBe('upstream_not_configured');
    expect((await call('git_push', { project_root: root, set_upstream_remote: '--upload-pack=x' })).error_code).toBe('invalid_argument');
    const r = await call('git_push', { project_root: root, set_upstream_remote: 'origin' });
    expect(r.status).toBe('ok');
    expect(git(remote!, 'rev-parse', 'feature')).toBe(git(root, 'rev-parse', 'HEAD'));
    expect(git(root, 'rev-parse', '--abbrev-ref', '@{u}')).toBe('origin/feature');
    await close();
  });
});
