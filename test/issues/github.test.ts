import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openIssueBackend } from '../../src/issues/index.js';
import {
  closeIssue,
  commentIssue,
  createIssue,
  deleteIssueComment,
  readIssue,
  reopenIssue,
  updateIssueBody,
  updateIssueTitle,
} from '../../src/issues/ops.js';
import type { IssueBackend } from '../../src/issues/types.js';
import { STRUCTURED_EN, STRUCTURED_JA, allFileText, approvedDir, envelope, tempProject, writeConfig } from './helpers.js';
import { GH_OWNER, GH_REPO, GITHUB_TOKEN, githubMock } from './mock/github.js';
import { iso } from './mock/server.js';

const { server, state } = githubMock();
let root = '';
let backend: IssueBackend;
let conf = '';
const API = `/repos/${GH_OWNER}/${GH_REPO}`;

function seedComments(n: number) {
  for (let i = 1; i <= n; i++) state.comments.push({ id: 1000 + i, issue: 1, body: `c${i}`, login: 'octocat', created_at: iso(i % 60) });
}

beforeAll(async () => {
  await server.start();
  root = tempProject();
  writeConfig(root, `issues:\n  backend: github\n  url: ${server.base}\n  owner: ${GH_OWNER}\n  repo: ${GH_REPO}\n  timeout_ms: 400\n`);
  conf = approvedDir(server.base);
  backend = await openIssueBackend({ projectRoot: root, env: { GITHUB_TOKEN }, author: 'codex-mcp-client', userConfigDir: conf });
});
afterAll(() => server.stop());
beforeEach(() => {
  state.issues.clear();
  state.comments.length = 0;
  state.foreignLinks = false;
  state.issues.set(1, {
    title: 'Existing',
    body: null,
    state: 'open',
    state_reason: null,
    labels: ['bug'],
    created_at: iso(1),
    updated_at: iso(1),
  });
  server.clear();
});

describe('GitHub backend against a mock of REST v3', () => {
  it('lists open issues newest first without pull requests, all with state=all, paging by 100 (butler issue list)', async () => {
    const base = state.issues.get(1)!;
    for (let n = 2; n <= 120; n++) state.issues.set(n, { ...base, title: `T${n}`, state: n % 3 ? 'open' : 'closed', pull: n === 100 });
    const open = await backend.list('open');
    expect(open[0]).toEqual({
      id: 119,
      title: 'T119',
      state: 'open',
      labels: ['bug'],
      created_at: base.created_at,
      updated_at: base.updated_at,
      url: `https://github.com/${GH_OWNER}/${GH_REPO}/issues/119`,
    });
    expect(open.map((i) => i.id)).not.toContain(100);
    expect(open.every((i) => i.state === 'open')).toBe(true);
    expect(open).toHaveLength(79);
    expect(await backend.list('all')).toHaveLength(119);
    const lists = server.requests.filter((r) => r.method === 'GET' && r.path === `${API}/issues`);
    expect(lists.map((r) => `${r.query.get('state')} ${r.query.get('page')} ${r.query.get('per_page')}`)).toEqual([
      'open 1 100',
      'all 1 100',
      'all 2 100',
    ]);
  });

  it('reads an issue with Bearer auth and the GitHub headers, no comments by default', async () => {
    seedComments(3);
    const r = await envelope(readIssue(backend, 'en', 1));
    expect(r.data.issue).toMatchObject({
      id: 1,
      title: 'Existing',
      body: '',
      labels: ['bug'],
      comment_count: 3,
      url: `https://github.com/${GH_OWNER}/${GH_REPO}/issues/1`,
    });
    expect(r.data.issue.comments).toBeUndefined();
    expect(server.requests).toHaveLength(1);
    const h = server.requests[0]!.headers;
    expect(h.authorization).toBe(`Bearer ${GITHUB_TOKEN}`);
    expect(h.accept).toBe('application/vnd.github+json');
    expect(h['x-github-api-version']).toBe('2022-11-28');
    expect(h['user-agent']).toBe('agent-butler');
  });

  it('last_n_comments=3 on 250 comments finds the last page through the Link header', async () => {
    seedComments(250);
    const r = await envelope(readIssue(backend, 'en', 1, 3));
    expect(r.data.issue.comments.map((c: any) => c.body)).toEqual(['c248', 'c249', 'c250']);
    const calls = server.requests.slice(1).map((q) => `${q.path}?${q.query}`);
    expect(calls).toEqual([`${API}/issues/1/comments?per_page=100&page=1`, '/repositories/1300192/issues/1/comments?per_page=100&page=3']);
  });

  it('last_n_comments=120 walks back from the last page with rel="prev"', async () => {
    seedComments(250);
    const r = await envelope(readIssue(backend, 'en', 1, 120));
    const bodies = r.data.issue.comments.map((c: any) => c.body);
    expect(bodies).toHaveLength(120);
    expect(bodies[0]).toBe('c131');
    expect(bodies.at(-1)).toBe('c250');
    expect(server.requests.slice(2).map((q) => q.query.get('page'))).toEqual(['3', '2']);
  });

  it('a single page needs no Link header and one comments request', async () => {
    seedComments(5);
    const r = await envelope(readIssue(backend, 'en', 1, 2));
    expect(r.data.issue.comments.map((c: any) => c.body)).toEqual(['c4', 'c5']);
    expect(server.requests).toHaveLength(2);
  });

  it('refuses to follow a Link header to another host (the token would leak)', async () => {
    seedComments(150);
    state.foreignLinks = true;
    const r = await envelope(readIssue(backend, 'en', 1, 3));
    expect(r.error_code).toBe('backend_error');
    expect(server.requests).toHaveLength(2);
  });

  it('creates an issue passing label names directly', async () => {
    const r = await envelope(createIssue(backend, 'en', '新しい課題', STRUCTURED_JA, ['bug', 'help wanted']));
    expect(r.status).toBe('ok');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      path: `${API}/issues`,
      body: { title: '新しい課題', body: STRUCTURED_JA, labels: ['bug', 'help wanted'] },
    });
    expect(r.data.issue).toMatchObject({ id: 2, labels: ['bug', 'help wanted'] });
  });

  it('comments and deletes a comment after checking its issue_url', async () => {
    seedComments(2);
    const c = await envelope(commentIssue(backend, 'en', 1, 'hi'));
    expect(c.data.comment).toMatchObject({ author: 'octocat', body: 'hi' });
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: `${API}/issues/1/comments`, body: { body: 'hi' } });
    server.clear();
    expect((await envelope(deleteIssueComment(backend, 'en', 1, 1001))).status).toBe('ok');
    expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
      `GET ${API}/issues/comments/1001`,
      `DELETE ${API}/issues/comments/1001`,
    ]);
  });

  it('deleting a comment of another issue or a missing one is not_found', async () => {
    seedComments(1);
    state.issues.set(2, { title: 'Two', body: '', state: 'open', state_reason: null, labels: [], created_at: iso(2), updated_at: iso(2) });
    expect((await envelope(deleteIssueComment(backend, 'en', 2, 1001))).error_code).toBe('not_found');
    expect((await envelope(deleteIssueComment(backend, 'en', 1, 5))).error_code).toBe('not_found');
    expect(server.requests.some((q) => q.method === 'DELETE')).toBe(false);
  });

  it('PATCHes title, body and state; close sends state_reason completed and returns the closed issue', async () => {
    await envelope(updateIssueTitle(backend, 'en', 1, 'T2'));
    await envelope(updateIssueBody(backend, 'en', 1, STRUCTURED_EN));
    const closed = await envelope(closeIssue(backend, 'en', 1));
    expect(closed.data.issue).toMatchObject({ id: 1, state: 'closed', title: 'T2', body: STRUCTURED_EN });
    expect((await envelope(reopenIssue(backend, 'en', 1))).data.issue.state).toBe('open');
    // close and reopen read the state first (closing a closed issue changes nothing).
    const patches = server.requests.filter((q) => q.method === 'PATCH');
    expect(patches.map((q) => q.body)).toEqual([
      { title: 'T2' },
      { body: STRUCTURED_EN },
      { state: 'closed', state_reason: 'completed' },
      { state: 'open' },
    ]);
    expect(server.requests.map((q) => q.method)).toEqual(['PATCH', 'PATCH', 'GET', 'PATCH', 'GET', 'PATCH']);
    expect(server.requests.every((q) => q.path === `${API}/issues/1`)).toBe(true);
    server.clear();
    await envelope(closeIssue(backend, 'en', 1));
    const again = await envelope(closeIssue(backend, 'en', 1));
    expect(again).toMatchObject({ status: 'ok', data: { changed: false } });
    expect(again.summary).toContain('already closed');
    expect(server.requests.filter((q) => q.method === 'PATCH')).toHaveLength(1);
  });

  it('a missing issue is not_found', async () => {
    expect((await envelope(readIssue(backend, 'en', 77))).error_code).toBe('not_found');
    expect((await envelope(reopenIssue(backend, 'en', 77))).error_code).toBe('not_found');
  });

  it.each([
    [401, 'auth_failed'],
    [403, 'auth_failed'],
    [404, 'not_found'],
    [410, 'not_found'],
    [409, 'conflict'],
    [500, 'backend_error'],
    [502, 'backend_error'],
  ])('maps HTTP %i to %s without the response body', async (status, code) => {
    server.failNext({
      status,
      body: { message: 'raw-server-detail', documentation_url: 'https://docs.github.com/rest', status: String(status) },
    });
    const r = await envelope(readIssue(backend, 'en', 1));
    expect(r.error_code).toBe(code);
    expect(JSON.stringify(r)).not.toContain('raw-server-detail');
  });

  it('maps a 422 Validation Failed to invalid_title or invalid_body by the rejected field', async () => {
    server.failNext({
      status: 422,
      body: { message: 'Validation Failed', errors: [{ resource: 'Issue', code: 'invalid', field: 'body' }], documentation_url: '' },
    });
    const r = await envelope(createIssue(backend, 'en', 'T', STRUCTURED_EN));
    expect(r.error_code).toBe('invalid_body');
    expect(r.summary).toContain('(body)');
    server.failNext({
      status: 422,
      body: { message: 'Validation Failed', errors: [{ resource: 'Issue', code: 'missing_field', field: 'title' }], documentation_url: '' },
    });
    expect((await envelope(updateIssueTitle(backend, 'en', 1, 'x'))).error_code).toBe('invalid_title');
  });

  it('a 403 with the rate limit exhausted says so', async () => {
    server.failNext({ status: 403, body: { message: 'API rate limit exceeded' }, headers: { 'x-ratelimit-remaining': '0' } });
    const r = await envelope(readIssue(backend, 'en', 1));
    expect(r.error_code).toBe('auth_failed');
    expect(r.summary).toContain('rate limit');
  });

  it('does not follow a redirect (301 for a moved repository) and says what to fix', async () => {
    server.failNext({
      status: 301,
      body: { message: 'Moved Permanently', url: 'https://evil.example/x' },
      headers: { Location: 'https://evil.example/x' },
    });
    const r = await envelope(readIssue(backend, 'en', 1));
    expect(r.error_code).toBe('backend_error');
    expect(r.hint).toContain('issues.owner');
    expect(server.requests).toHaveLength(1);
  });

  it('a timeout is backend_error', async () => {
    server.hangNext();
    expect((await envelope(readIssue(backend, 'en', 1))).error_code).toBe('backend_error');
  });

  it('takes the token from GH_TOKEN, and from token_env first when configured', async () => {
    const b1 = await openIssueBackend({ projectRoot: root, env: { GH_TOKEN: GITHUB_TOKEN }, author: 'x', userConfigDir: conf });
    expect((await envelope(readIssue(b1, 'en', 1))).status).toBe('ok');
    const other = tempProject();
    writeConfig(
      other,
      `issues:\n  backend: github\n  url: ${server.base}\n  owner: ${GH_OWNER}\n  repo: ${GH_REPO}\n  token_env: BUTLER_ISSUES_TOKEN\n`,
    );
    const b2 = await openIssueBackend({
      projectRoot: other,
      env: { BUTLER_ISSUES_TOKEN: GITHUB_TOKEN, GITHUB_TOKEN: 'wrong' },
      author: 'x',
      userConfigDir: conf,
    });
    expect((await envelope(readIssue(b2, 'en', 1))).status).toBe('ok');
    const b3 = await openIssueBackend({ projectRoot: other, env: {}, author: 'x', userConfigDir: conf });
    const r = await envelope(readIssue(b3, 'en', 1));
    expect(r.error_code).toBe('auth_failed');
    expect(r.hint).toContain('BUTLER_ISSUES_TOKEN');
  });

  it('the token never appears in any envelope, error or project file', async () => {
    seedComments(130);
    const rs = [
      await envelope(readIssue(backend, 'en', 1, 40)),
      await envelope(commentIssue(backend, 'en', 1, 'x')),
      await envelope(deleteIssueComment(backend, 'en', 1, 1)),
    ];
    server.failNext({ status: 401, body: { message: `Bad credentials ${GITHUB_TOKEN}` } });
    rs.push(await envelope(closeIssue(backend, 'en', 1)));
    let thrown = '';
    server.failNext({ status: 500, body: { message: GITHUB_TOKEN } });
    await backend.read(1).catch((e: Error) => (thrown = `${e.message} ${e.stack} ${JSON.stringify(e)}`));
    expect(thrown).not.toBe('');
    for (const r of rs) expect(JSON.stringify(r)).not.toContain(GITHUB_TOKEN);
    expect(thrown).not.toContain(GITHUB_TOKEN);
    expect(allFileText(root)).not.toContain(GITHUB_TOKEN);
  });
});

describe('issue backend configuration', () => {
  it('defaults to the local backend with no config at all', async () => {
    expect((await openIssueBackend({ projectRoot: tempProject(), env: {}, author: 'x' })).kind).toBe('local');
  });

  it('refuses a remote backend without owner/repo, and a URL carrying credentials', async () => {
    const a = tempProject();
    writeConfig(a, 'issues:\n  backend: github\n');
    await expect(openIssueBackend({ projectRoot: a, env: {}, author: 'x' })).rejects.toMatchObject({ code: 'invalid_argument' });
    const b = tempProject();
    writeConfig(b, 'issues:\n  backend: gitea\n  url: https://bot:pw@gitea.example.com\n  owner: a\n  repo: b\n');
    await expect(openIssueBackend({ projectRoot: b, env: {}, author: 'x' })).rejects.toMatchObject({ code: 'invalid_argument' });
    const c = tempProject();
    writeConfig(c, 'issues:\n  backend: gitea\n  owner: a\n  repo: b\n');
    await expect(openIssueBackend({ projectRoot: c, env: {}, author: 'x' })).rejects.toMatchObject({ code: 'invalid_argument' });
  });
});

describe('GitHub: pull requests and large comment ids', () => {
  it('reading a pull request number is not_found: issue tools work on issues only', async () => {
    state.issues.set(2, {
      title: 'A PR',
      body: null,
      state: 'open',
      state_reason: null,
      labels: [],
      created_at: iso(1),
      updated_at: iso(1),
      pull: true,
    });
    const r = await envelope(readIssue(backend, 'en', 2));
    expect(r.status).toBe('error');
    expect(r.error_code).toBe('not_found');
    expect(r.summary).toContain('pull request');
  });

  it('comment ids beyond 2^31 are accepted by the tool schema', async () => {
    const { connect } = await import('../helpers/mcp.js');
    const { makeRepo } = await import('../helpers/repo.js');
    const { root: repo } = makeRepo();
    const c = await connect({ clientName: 'codex' });
    await c.call('work_session_start', { project_root: repo });
    await c.call('issue_create', { title: 't' });
    const r = await c.call('issue_delete_comment', { issue_id: 1, comment_id: 3_000_000_001 });
    expect(r.error_code).toBe('not_found');
    await c.close();
  });
});
