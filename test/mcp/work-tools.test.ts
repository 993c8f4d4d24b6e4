import { describe, expect, it } from 'vitest';
import { commitFile, concurrentPush, mergeConflict, write } from '../helpers/git-scenarios.js';
import { connect } from '../helpers/mcp.js';
import { git, makeRepo } from '../helpers/repo.js';

async function session(opts: { withRemote?: boolean } = { withRemote: true }) {
  const repo = makeRepo(opts);
  // English: the assertions below read English hints (work-lang.test.ts covers Japanese).
  const conn = await connect({ deps: { env: { BUTLER_LANG: 'en' } } });
  await conn.call('work_session_start', { project_root: repo.root });
  return { ...repo, ...conn };
}

const BODY = '## Current state\nx\n\n## Next\ny\n\n## Blockers\nnone';

describe('work tools over MCP (D33 work checklist)', () => {
  it('work_observe returns the spec work_state values', async () => {
    const s = await session();
    expect((await s.call('work_observe')).data.work_state).toBe('clean_idle');
    write(s.root, 'a.txt', 'a\n');
    expect((await s.call('work_observe')).data.work_state).toBe('dirty');
    await s.call('work_record', { message: 'a' });
    expect((await s.call('work_observe')).data.work_state).toBe('recorded_unpublished');
    write(s.root, 'b.txt', 'b\n');
    expect((await s.call('work_observe')).data.work_state).toBe('dirty_and_unpublished');
    await s.close();
  });

  it('work_record distinguishes omitted, explicit and empty issue_ids', async () => {
    const s = await session();
    // Linked issues must exist (issue #12): #1 and #2.
    for (const title of ['One', 'Two']) expect((await s.call('issue_create', { title, body: BODY })).status).toBe('ok');
    await s.call('work_start', { issue_id: 1 });
    write(s.root, 'a.txt', '1');
    expect((await s.call('work_record', { message: 'omitted' })).data.issue_ids).toEqual([1]);
    write(s.root, 'a.txt', '2');
    expect((await s.call('work_record', { message: 'explicit', issue_ids: [2] })).data.issue_ids).toEqual([2]);
    write(s.root, 'a.txt', '3');
    expect((await s.call('work_record', { message: 'empty', issue_ids: [] })).data.issue_ids).toEqual([]);
    const msgs = git(s.root, 'log', '-3', '--format=%B%x00')
      .split('\0')
      .map((m) => m.trim());
    expect(msgs.slice(0, 3)).toEqual(['empty', 'explicit\n\nRefs #2', 'omitted\n\nRefs #1']);
    await s.close();
  });

  it('work_record with nothing to record returns error_code=policy_blocked', async () => {
    const s = await session();
    const r = await s.call('work_record', { message: 'nothing' });
    expect(r).toMatchObject({ status: 'error', error_code: 'policy_blocked' });
    expect(r.hint).toContain('work_observe');
    expect((await s.call('work_record', { message: '   ' })).error_code).toBe('invalid_argument');
    await s.close();
  });

  it('work_publish in a dirty state returns policy_blocked', async () => {
    const s = await session();
    write(s.root, 'a.txt', 'a');
    const r = await s.call('work_publish');
    expect(r).toMatchObject({ status: 'error', error_code: 'policy_blocked' });
    expect(r.hint).toContain('work_record');
    await s.close();
  });

  it('work_publish with no upstream returns error_code=upstream_not_configured', async () => {
    const s = await session({ withRemote: false });
    commitFile(s.root, 'a.txt', 'a');
    expect((await s.call('work_publish')).error_code).toBe('upstream_not_configured');
    await s.close();
  });

  it('a rejected push is conflict; the raw git message stays in data.diagnostic', async () => {
    const s = await session();
    concurrentPush(s.remote!);
    write(s.root, 'mine.txt', 'm');
    await s.call('work_record', { message: 'mine' });
    const r = await s.call('work_publish');
    expect(r.error_code).toBe('conflict');
    expect(r.summary).not.toMatch(/rejected|fatal|exit code|hint:/i);
    expect(r.data.diagnostic).toMatch(/rejected/);
    expect(r.data.required_action).toMatchObject({ tool: 'work_sync' });
    // Following the required action integrates the other record; then the publish lands both.
    const synced = await s.call('work_sync');
    expect(synced).toMatchObject({
      status: 'ok',
      data: { mode: 'rebase', integrated: 1, ahead: 1, required_action: null, ask_user_first: { tool: 'work_publish' } },
    });
    expect((await s.call('work_finish')).data.pending_actions.map((a: { action: string }) => a.action)).toEqual(['work_publish']);
    expect((await s.call('work_publish')).status).toBe('ok');
    expect(git(s.remote!, 'log', '--format=%s', 'main').split('\n').slice(0, 2)).toEqual(['mine', 'edit other.txt']);
    await s.close();
  });

  it('work_sync refuses a dirty tree and a branch without upstream', async () => {
    const s = await session();
    write(s.root, 'wip.txt', 'w');
    expect((await s.call('work_sync')).error_code).toBe('policy_blocked');
    await s.call('work_record', { message: 'wip' });
    git(s.root, 'checkout', '-q', '-b', 'lonely');
    expect((await s.call('work_sync')).error_code).toBe('upstream_not_configured');
    await s.close();
  });

  it('work_finish returns pending_actions and closes nothing', async () => {
    const s = await session();
    await s.call('issue_create', { title: 'One', body: BODY });
    await s.call('work_start', { issue_id: 1 });
    const r = await s.call('work_finish');
    expect(r.data.pending_actions.map((a: { action: string }) => a.action)).toEqual(['issue_comment', 'issue_close']);
    await s.close();
  });

  it('work_finish with no upstream returns configure_upstream and no issue_close', async () => {
    const s = await session({ withRemote: false });
    await s.call('issue_create', { title: 'One', body: BODY });
    await s.call('work_start', { issue_id: 1 });
    const r = await s.call('work_finish');
    expect(r.data.pending_actions.map((a: { action: string }) => a.action)).toEqual(['configure_upstream']);
    await s.close();
  });

  it('work_history(n?, path?) returns record_id, message and created_at', async () => {
    const s = await session();
    commitFile(s.root, 'x.txt', 'x', 'Add x');
    const r = await s.call('work_history', { n: 5, path: 'x.txt' });
    expect(r.data.records).toHaveLength(1);
    expect(Object.keys(r.data.records[0])).toEqual(expect.arrayContaining(['record_id', 'message', 'created_at', 'issue_ids']));
    await s.close();
  });

  it('path traversal is refused in work_diff and work_history', async () => {
    const s = await session();
    for (const [tool, args] of [
      ['work_diff', { path: '../../etc/passwd' }],
      ['work_diff', { path: '/etc' }],
      ['work_history', { path: '../x' }],
    ] as const) {
      const r = await s.call(tool, args);
      expect(r.error_code, `${tool} ${JSON.stringify(args)}`).toBe('invalid_argument');
    }
    expect((await s.call('work_diff', { record_id: '-p' })).error_code).toBe('invalid_argument');
    expect((await s.call('work_history', { n: 51 })).error_code).toBe('invalid_argument');
    await s.close();
  });

  it('work_observe reports a conflict in progress as blocked, and record/publish/finish refuse', async () => {
    const s = await session({ withRemote: false });
    mergeConflict(s.root);
    const o = await s.call('work_observe');
    expect(o.data).toMatchObject({ work_state: 'blocked', blocked_by: ['merge', 'conflicts'] });
    for (const tool of ['work_record', 'work_publish', 'work_finish']) {
      const r = await s.call(tool, tool === 'work_record' ? { message: 'x' } : {});
      expect(r.error_code, tool).toBe('policy_blocked');
    }
    await s.close();
  });
});
