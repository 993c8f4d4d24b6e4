import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { write } from '../helpers/git-scenarios.js';
import { connect } from '../helpers/mcp.js';
import { makeRepo } from '../helpers/repo.js';

/** These assertions are on the English strings; the language tests are in work-lang.test.ts. */
const EN = { deps: { env: { BUTLER_LANG: 'en' } } };

describe('work_session_start / work_start (MCP)', () => {
  it('work_session_start initialises the connection state and exposes no session id', async () => {
    const { root } = makeRepo();
    const { call, close } = await connect(EN);
    const r = await call('work_session_start', { project_root: root });
    expect(r.status).toBe('ok');
    expect(r.data).toMatchObject({ project_root: root, brain_id: 'claude-code', default_issue: null });
    expect(JSON.stringify(r)).not.toMatch(/session_id|sessionId/);
    expect(r.data.required_action.tool).toBe('work_observe');
    await close();
  });

  it('refuses a missing folder and a folder outside any git work tree', async () => {
    const { call, close } = await connect(EN);
    const missing = await call('work_session_start', { project_root: '/nonexistent/butler/x' });
    expect(missing.error_code).toBe('invalid_argument');
    const plain = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-plain-')));
    const r = await call('work_session_start', { project_root: plain });
    expect(r.error_code).toBe('invalid_argument');
    expect(r.summary).toBe('project_root is not inside a git work tree');
    expect(r.summary).not.toMatch(/fatal/);
    await close();
  });

  it('a folder inside the repository binds the work tree top level', async () => {
    const { root } = makeRepo();
    mkdirSync(path.join(root, 'pkg', 'deep'), { recursive: true });
    const { call, close } = await connect(EN);
    const r = await call('work_session_start', { project_root: path.join(root, 'pkg', 'deep') });
    expect(r.data.project_root).toBe(root);
    await close();
  });

  it('after work_session_start, work_* tools run without project_root again', async () => {
    const { root } = makeRepo({ withRemote: true });
    const { call, close } = await connect(EN);
    await call('work_session_start', { project_root: root });
    write(root, 'a.txt', 'a\n');
    expect((await call('work_observe')).data.work_state).toBe('dirty');
    expect((await call('work_diff')).data.untracked).toEqual(['a.txt']);
    expect((await call('work_record', { message: 'Add a' })).status).toBe('ok');
    expect((await call('work_history', { n: 1 })).data.records[0].message).toBe('Add a');
    expect((await call('work_publish')).status).toBe('ok');
    expect((await call('work_finish')).data.pending_actions).toEqual([]);
    await close();
  });

  it('work_start sets the default issue, and with no issue_id clears it', async () => {
    const { root } = makeRepo({ withRemote: true });
    const { call, close } = await connect(EN);
    await call('work_session_start', { project_root: root });
    // The issue must exist (issue #12); it is recorded and, being the one unpublished record, published.
    const id = (await call('issue_create', { title: 'T', body: '## Current state\nx\n\n## Next\ny\n\n## Blockers\nnone' })).data.issue.id;
    expect((await call('work_start', { issue_id: id })).data.default_issue).toBe(id);
    expect((await call('work_observe')).data).toMatchObject({ work_state: 'clean_with_active_issue', default_issue: id });
    expect((await call('work_start', {})).data.default_issue).toBeNull();
    expect((await call('work_observe')).data.work_state).toBe('clean_idle');
    expect((await call('work_start', { issue_id: -1 })).error_code).toBe('invalid_argument');
    await close();
  });

  it('connections keep separate state', async () => {
    const { root } = makeRepo({ withRemote: true });
    const a = await connect(EN);
    const b = await connect({ ...EN, clientName: 'codex-mcp-client' });
    await a.call('work_session_start', { project_root: root });
    await a.call('work_start', { issue_id: 4 });
    expect((await b.call('work_observe')).data.work_state).toBe('uninitialized');
    await b.call('work_session_start', { project_root: root });
    expect((await b.call('work_observe')).data.default_issue).toBeNull();
    await a.close();
    await b.close();
  });

  it('work_observe before work_session_start is uninitialized and offers the server cwd', async () => {
    const { call, close } = await connect({ deps: { ...EN.deps, cwd: '/some/where' } });
    const r = await call('work_observe');
    expect(r.data.work_state).toBe('uninitialized');
    expect(r.data.required_action).toMatchObject({ tool: 'work_session_start', args: { project_root: '/some/where' } });
    const d = await call('work_diff');
    expect(d.status).toBe('need_input');
    await close();
  });
});
