// Issue #12: local issue changes keep the work state honest. Real git with a bare remote, real MCP client.
import { describe, expect, it } from 'vitest';
import { STRUCTURED_EN, writeConfig } from '../issues/helpers.js';
import { commitFile, secondClone, write } from '../helpers/git-scenarios.js';
import { connect } from '../helpers/mcp.js';
import { git, makeRepo } from '../helpers/repo.js';

/** `git status` without Butler's private folder, which is never work. */
const status = (root: string) => git(root, 'status', '--porcelain', '--', '.', ':!session_logs').split('\n').filter(Boolean).sort();

async function session(withRemote = true) {
  const { root, remote } = makeRepo({ withRemote });
  const c = await connect({ deps: { env: { BUTLER_LANG: 'en' } } });
  expect((await c.call('work_session_start', { project_root: root })).status).toBe('ok');
  return { ...c, root, remote };
}

describe('local issue changes are records of their own', () => {
  it('issue_create + work_start is clean_with_active_issue: the lone issue record is published at once', async () => {
    const { call, close, root, remote } = await session();
    const created = await call('issue_create', { title: 'Login', body: STRUCTURED_EN });
    expect(created.status).toBe('ok');
    expect(created.data).toMatchObject({ published: true, needs_publish: false, needs_record: false, suggested_action: null });
    expect(created.data.record_id).toMatch(/^[0-9a-f]{12}$/);
    expect(created.summary).toMatch(/recorded as [0-9a-f]{12} and published/);
    const id = created.data.issue.id;
    expect(git(remote!, 'log', '-1', '--format=%s', 'main')).toBe(`issue #${id}: created`);
    expect((await call('work_start', { issue_id: id })).status).toBe('ok');
    expect((await call('work_observe')).data.work_state).toBe('clean_with_active_issue');
    // Read changes nothing and says so.
    expect((await call('issue_read', { issue_id: id })).data.needs_publish).toBe(false);
    expect(status(root)).toEqual([]);
    await close();
  });

  it("the agent's own unpublished records are never pushed by an issue tool: it says publishing is needed", async () => {
    const { call, close, root, remote } = await session();
    write(root, 'a.txt', 'a\n');
    expect((await call('work_record', { message: 'a', issue_ids: [] })).status).toBe('ok');
    const before = git(remote!, 'rev-parse', 'main');
    const created = await call('issue_create', { title: 'Login', body: STRUCTURED_EN });
    expect(created.data).toMatchObject({ needs_publish: true, ask_user_first: { tool: 'work_publish' } });
    expect(created.summary).toMatch(/recorded as [0-9a-f]{12}; not yet published/);
    expect(git(remote!, 'rev-parse', 'main')).toBe(before);
    expect((await call('work_observe')).data.work_state).toBe('recorded_unpublished');
    await close();
  });

  it('a rejected push keeps the record and says it needs publishing', async () => {
    const { call, close, remote } = await session();
    const other = secondClone(remote!);
    commitFile(other, 'theirs.txt', 'theirs\n');
    git(other, 'push', '-q', 'origin', 'main');
    const created = await call('issue_create', { title: 'Login', body: STRUCTURED_EN });
    expect(created.status).toBe('ok');
    expect(created.data).toMatchObject({ needs_publish: true, suggested_action: { tool: 'work_sync' } });
    expect(created.data.not_published).toBeTruthy();
    // Following the suggestion, then publishing, lands both clones' records on the remote.
    expect((await call('work_sync')).status).toBe('ok');
    expect((await call('work_publish')).status).toBe('ok');
    expect(git(remote!, 'log', '--format=%s', 'main').split('\n').slice(0, 2).sort()).toEqual(
      [`edit theirs.txt`, `issue #${created.data.issue.id}: created`].sort(),
    );
    await close();
  });

  it('without an upstream the change is recorded and there is nothing to publish to', async () => {
    const { call, close, root } = await session(false);
    const created = await call('issue_create', { title: 'Login', body: STRUCTURED_EN });
    expect(created.data).toMatchObject({ needs_publish: false, needs_record: false });
    expect(git(root, 'log', '-1', '--format=%s')).toBe(`issue #${created.data.issue.id}: created`);
    expect(status(root)).toEqual([]);
    await close();
  });

  it("work_finish's pending_actions, followed in order, end clean and published", async () => {
    const { call, close, root, remote } = await session();
    const id = (await call('issue_create', { title: 'Login', body: STRUCTURED_EN })).data.issue.id;
    await call('work_start', { issue_id: id });
    write(root, 'fix.txt', 'fixed\n');
    expect((await call('work_record', { message: 'Fix login' })).status).toBe('ok');
    expect((await call('work_publish')).status).toBe('ok');
    const fin = await call('work_finish');
    expect(fin.data.pending_actions.map((a: any) => a.action)).toEqual(['issue_comment', 'issue_close']);
    for (const a of fin.data.pending_actions) {
      const args = a.action === 'issue_comment' ? { ...a.args, body: 'Fixed in fix.txt' } : (a.args ?? {});
      const r = await call(a.action, args);
      expect(r.status, a.action).toBe('ok');
      expect(r.data.published, a.action).toBe(true);
    }
    expect(status(root)).toEqual([]);
    expect(git(remote!, 'rev-parse', 'main')).toBe(git(root, 'rev-parse', 'HEAD'));
    expect(git(root, 'log', '-2', '--format=%s').split('\n')).toEqual([`issue #${id}: closed`, `issue #${id}: commented`]);
    const again = await call('work_finish');
    expect(again.data.pending_actions).toEqual([]);
    // Closing the default issue ends it as the default: the state is idle, not "working on" a closed issue.
    expect((await call('work_observe')).data.work_state).toBe('clean_idle');
    await close();
  });

  it('records only the issue file: other changes stay unrecorded and staged work stays staged', async () => {
    const { call, close, root } = await session();
    write(root, 'wip.txt', 'half done\n');
    write(root, 'staged.txt', 'staged\n');
    git(root, 'add', 'staged.txt');
    const created = await call('issue_create', { title: 'Login', body: STRUCTURED_EN });
    expect(created.data.record_id).toBeTruthy();
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual([
      '.butler/issues/.gitignore',
      `.butler/issues/${created.data.issue.id}.md`,
    ]);
    expect(status(root)).toEqual(['?? wip.txt', 'A  staged.txt']);
    await close();
  });

  it('a repository in a merge keeps the change unrecorded and says to record it', async () => {
    const { call, close, root } = await session();
    const id = (await call('issue_create', { title: 'Login', body: STRUCTURED_EN })).data.issue.id;
    git(root, 'checkout', '-q', '-b', 'side');
    write(root, 'README.md', 'side\n');
    git(root, 'commit', '-qam', 'side');
    git(root, 'checkout', '-q', 'main');
    write(root, 'README.md', 'main\n');
    git(root, 'commit', '-qam', 'main');
    expect(() => git(root, 'merge', 'side')).toThrow();
    const r = await call('issue_comment', { issue_id: id, body: 'while merging' });
    expect(r.status).toBe('ok');
    expect(r.data).toMatchObject({ record_id: null, needs_record: true, suggested_action: { tool: 'work_record' } });
    expect(r.summary).toContain('not recorded');
    await close();
  });

  it('a git-ignored issue folder is left alone', async () => {
    const { call, close, root } = await session();
    write(root, '.gitignore', '.butler/issues/\n');
    git(root, 'add', '.gitignore');
    git(root, 'commit', '-qm', 'ignore issues');
    const r = await call('issue_create', { title: 'Login', body: STRUCTURED_EN });
    expect(r.data).toMatchObject({ record_id: null, needs_record: false, needs_publish: false });
    expect(git(root, 'log', '-1', '--format=%s')).toBe('ignore issues');
    await close();
  });

  it('a remote tracker holds its own changes: nothing to publish', async () => {
    const { call, close, root } = await session();
    writeConfig(root, 'issues:\n  backend: github\n  owner: o\n  repo: r\n');
    const r = await call('issue_close', { issue_id: 1 });
    // No network in tests: the call fails, and fails without recording anything.
    expect(r.status).toBe('error');
    expect(git(root, 'log', '-1', '--format=%s')).toBe('initial');
    await close();
  });
});

describe('unknown issue ids are said, never linked silently', () => {
  it('work_start and work_record refuse an issue that does not exist; handovers save and say so', async () => {
    const { call, close, root } = await session();
    const start = await call('work_start', { issue_id: 42 });
    expect(start).toMatchObject({ status: 'error', error_code: 'not_found' });
    expect(start.summary).toContain('#42');
    expect((await call('work_observe')).data.default_issue).toBeNull();
    write(root, 'a.txt', 'a\n');
    const rec = await call('work_record', { message: 'a', issue_ids: [42] });
    expect(rec).toMatchObject({ status: 'error', error_code: 'not_found', data: { issue_ids: [42] } });
    expect(git(root, 'log', '-1', '--format=%s')).toBe('initial');
    const h = await call('handover_suspend', { issue_id: 42, notes: 'n' });
    expect(h.status).toBe('ok');
    expect(h.summary).toContain('issue #42 could not be read');
    await close();
  });
});
