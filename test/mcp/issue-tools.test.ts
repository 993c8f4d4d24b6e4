import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../helpers/mcp.js';
import { makeRepo } from '../helpers/repo.js';
import { STRUCTURED_EN, STRUCTURED_JA, approvedDir, writeConfig } from '../issues/helpers.js';
import { GH_OWNER, GH_REPO, GITHUB_TOKEN, githubMock } from '../issues/mock/github.js';

async function session(clientName = 'claude-code', env: Record<string, string> = {}, root = makeRepo().root, userConfigDir?: string) {
  // Pinned to English; test/mcp/issue-lang.test.ts covers the language.
  const c = await connect({ clientName, deps: { env: { BUTLER_LANG: 'en', ...env }, userConfigDir } });
  expect((await c.call('work_session_start', { project_root: root })).status).toBe('ok');
  return { ...c, root };
}

describe('issue tools over MCP (local backend)', () => {
  it('every issue tool asks for work_session_start first', async () => {
    const { call, close } = await connect({ deps: { env: { BUTLER_LANG: 'en' } } });
    const calls: [string, Record<string, unknown>][] = [
      ['issue_read', { issue_id: 1 }],
      ['issue_create', { title: 't' }],
      ['issue_comment', { issue_id: 1, body: 'b' }],
      ['issue_delete_comment', { issue_id: 1, comment_id: 1 }],
      ['issue_update_title', { issue_id: 1, title: 't' }],
      ['issue_update_body', { issue_id: 1, body: 'b' }],
      ['issue_reopen', { issue_id: 1 }],
      ['issue_close', { issue_id: 1 }],
    ];
    for (const [name, args] of calls) {
      const r = await call(name, args);
      expect(r.status, name).toBe('need_input');
      expect(r.data.required_action.tool).toBe('work_session_start');
    }
    await close();
  });

  it('create → comment ×4 → read(last 3) → delete → retitle → rewrite → close → reopen, authored by the brain', async () => {
    const { call, close, root } = await session('codex-mcp-client');
    const created = await call('issue_create', { title: 'Flaky test', body: STRUCTURED_JA, label_names: ['ci'] });
    expect(created.status).toBe('ok');
    const id = created.data.issue.id;
    for (let i = 1; i <= 4; i++) expect((await call('issue_comment', { issue_id: id, body: `note ${i}` })).status).toBe('ok');
    const plain = await call('issue_read', { issue_id: id });
    expect(plain.data.issue.comments).toBeUndefined();
    const last3 = await call('issue_read', { issue_id: id, last_n_comments: 3 });
    expect(last3.data.issue.comments.map((c: any) => c.body)).toEqual(['note 2', 'note 3', 'note 4']);
    expect(last3.data.issue.comments[0].author).toBe('codex-mcp-client');
    expect((await call('issue_delete_comment', { issue_id: id, comment_id: 2, reason: 'typo' })).status).toBe('ok');
    expect((await call('issue_update_title', { issue_id: id, title: 'Flaky test in CI' })).data.issue.title).toBe('Flaky test in CI');
    expect((await call('issue_update_body', { issue_id: id, body: STRUCTURED_EN })).data.issue.body).toBe(STRUCTURED_EN);
    const closed = await call('issue_close', { issue_id: id });
    expect(closed.data.issue).toMatchObject({ id, state: 'closed', title: 'Flaky test in CI' });
    expect((await call('issue_reopen', { issue_id: id })).data.issue.state).toBe('open');
    const file = readFileSync(path.join(root, '.butler/issues', `${id}.md`), 'utf8');
    expect(file).toContain('author: codex-mcp-client');
    expect(file).toContain('"reason":"typo"');
    await close();
  });

  it('returns need_input naming missing body parts, invalid_title/invalid_body for blank text, not_found for a missing issue', async () => {
    const { call, close } = await session();
    const r = await call('issue_create', { title: 'X', body: '## Current state\nwip' });
    expect(r.status).toBe('need_input');
    expect(r.data.missing).toEqual(['Next', 'Blockers']);
    expect((await call('issue_create', { title: ' ' })).error_code).toBe('invalid_title');
    expect((await call('issue_update_body', { issue_id: 1, body: '' })).error_code).toBe('invalid_body');
    expect((await call('issue_update_title', { issue_id: 1, title: '' })).error_code).toBe('invalid_title');
    expect((await call('issue_read', { issue_id: 3 })).error_code).toBe('not_found');
    expect((await call('issue_delete_comment', { issue_id: 3, comment_id: 1 })).error_code).toBe('not_found');
    expect((await call('issue_read', { issue_id: -1 })).error_code).toBe('invalid_argument');
    await close();
  });

  it('an unknown brain is recorded as unknown', async () => {
    const { root } = makeRepo();
    const c = await connect({ clientName: '', deps: { env: { BUTLER_LANG: 'en' } } });
    await c.call('work_session_start', { project_root: root });
    const r = await c.call('issue_create', { title: 'anon', body: STRUCTURED_EN });
    expect(readFileSync(path.join(root, '.butler/issues', `${r.data.issue.id}.md`), 'utf8')).toMatch(/author: (unknown|_)/);
    await c.close();
  });
});

describe('issue tools over MCP (GitHub backend via config)', () => {
  const { server, state } = githubMock();
  beforeAll(() => server.start());
  afterAll(() => server.stop());

  it('reads the config, uses the token from the server env, and never echoes it', async () => {
    const { root } = makeRepo();
    writeConfig(root, `issues:\n  backend: github\n  url: ${server.base}\n  owner: ${GH_OWNER}\n  repo: ${GH_REPO}\n`);
    const { call, close } = await session('claude-code', { GITHUB_TOKEN }, root, approvedDir(server.base));
    const created = await call('issue_create', { title: 'Remote', body: STRUCTURED_EN });
    expect(created.data.issue.id).toBe(1);
    expect(state.issues.get(1)?.title).toBe('Remote');
    server.failNext({ status: 401, body: { message: 'Bad credentials' } });
    const denied = await call('issue_close', { issue_id: 1 });
    expect(denied.error_code).toBe('auth_failed');
    expect(JSON.stringify([created, denied])).not.toContain(GITHUB_TOKEN);
    await close();
  });
});
