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
import { STRUCTURED_EN, allFileText, approvedDir, envelope, tempProject, writeConfig } from './helpers.js';
import { GITEA_TOKEN, OWNER, REPO, giteaMock } from './mock/gitea.js';
import { iso } from './mock/server.js';

const { server, state } = giteaMock();
let root = '';
let backend: IssueBackend;
let conf = '';
const API = `/api/v1/repos/${OWNER}/${REPO}`;

beforeAll(async () => {
  await server.start();
  root = tempProject();
  writeConfig(
    root,
    `issues:\n  backend: gitea\n  url: ${server.base}/\n  owner: ${OWNER}\n  repo: ${REPO}\n  token_env: BUTLER_ISSUES_TOKEN\n  timeout_ms: 400\n`,
  );
  conf = approvedDir(server.base, 'http://127.0.0.1:9/');
  backend = await openIssueBackend({
    projectRoot: root,
    env: { BUTLER_ISSUES_TOKEN: GITEA_TOKEN },
    author: 'claude-code',
    userConfigDir: conf,
  });
});
afterAll(() => server.stop());
beforeEach(() => {
  state.issues.clear();
  state.comments.length = 0;
  state.labels = [
    { id: 11, name: 'bug', color: 'ee0701' },
    { id: 12, name: 'Feature', color: '84b6eb' },
  ];
  state.pageComments = 0;
  state.issues.set(1, {
    number: 1,
    title: 'Existing',
    body: 'old body',
    state: 'open',
    labels: [11],
    created_at: iso(1),
    updated_at: iso(1),
    closed_at: null,
  });
  for (let i = 1; i <= 7; i++) state.comments.push({ id: 100 + i, issue: 1, body: `c${i}`, login: 'alice', created_at: iso(10 + i) });
  server.clear();
});

describe('Gitea backend against a mock of API v1', () => {
  it('lists open issues newest first, all with state=all, paging by 50 (butler issue list)', async () => {
    const base = state.issues.get(1)!;
    for (let n = 2; n <= 61; n++) state.issues.set(n, { ...base, number: n, title: `T${n}`, state: n % 2 ? 'closed' : 'open' });
    const open = await backend.list('open');
    expect(open.map((i) => i.id)).toEqual([
      60, 58, 56, 54, 52, 50, 48, 46, 44, 42, 40, 38, 36, 34, 32, 30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 1,
    ]);
    const all = await backend.list('all');
    expect(all).toHaveLength(61);
    expect(all[0]).toEqual({
      id: 61,
      title: 'T61',
      state: 'closed',
      labels: ['bug'],
      created_at: base.created_at,
      updated_at: base.updated_at,
      url: `${server.base}/${OWNER}/${REPO}/issues/61`,
    });
    const lists = server.requests.filter((r) => r.method === 'GET' && r.path === `${API}/issues`);
    expect(lists.map((r) => `${r.query.get('state')} ${r.query.get('type')} ${r.query.get('page')} ${r.query.get('limit')}`)).toEqual([
      'open issues 1 50',
      'all issues 1 50',
      'all issues 2 50',
    ]);
  });

  it('reads an issue with the token header and no comment request by default', async () => {
    const r = await envelope(readIssue(backend, 'en', 1));
    expect(r.data.issue).toMatchObject({ id: 1, title: 'Existing', body: 'old body', state: 'open', labels: ['bug'], comment_count: 7 });
    expect(r.data.issue.comments).toBeUndefined();
    expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`GET ${API}/issues/1`]);
    expect(server.requests[0]!.headers.authorization).toBe(`token ${GITEA_TOKEN}`);
    expect(server.requests[0]!.headers.accept).toBe('application/json');
  });

  it('last_n_comments=3 returns exactly the last 3 from the full list', async () => {
    const r = await envelope(readIssue(backend, 'en', 1, 3));
    expect(r.data.issue.comments.map((c: any) => c.body)).toEqual(['c5', 'c6', 'c7']);
    expect(r.data.issue.comments[0]).toMatchObject({ id: 105, author: 'alice' });
    expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`GET ${API}/issues/1`, `GET ${API}/issues/1/comments`]);
  });

  it('when a server pages the comments, fetches backwards from the last page using X-Total-Count', async () => {
    state.pageComments = 3; // pages: [c1-c3] [c4-c6] [c7]
    const r = await envelope(readIssue(backend, 'en', 1, 4));
    expect(r.data.issue.comments.map((c: any) => c.body)).toEqual(['c4', 'c5', 'c6', 'c7']);
    const pages = server.requests.slice(2).map((q) => `${q.query.get('page')}/${q.query.get('limit')}`);
    expect(pages).toEqual(['3/3', '2/3']);
  });

  it('creates an issue resolving label names to ids', async () => {
    const r = await envelope(createIssue(backend, 'en', 'New', STRUCTURED_EN, ['bug', 'feature']));
    expect(r.status).toBe('ok');
    const post = server.requests.find((q) => q.method === 'POST')!;
    expect(post.path).toBe(`${API}/issues`);
    expect(post.headers['content-type']).toBe('application/json');
    expect(post.body).toEqual({ title: 'New', body: STRUCTURED_EN, labels: [11, 12] });
    expect(r.data.issue.labels).toEqual(['bug', 'Feature']);
    expect(server.requests[0]!.path).toBe(`${API}/labels`);
    expect(server.requests[0]!.query.get('limit')).toBe('50');
  });

  it('an unknown label name is an error listing the known labels, and nothing is created', async () => {
    const r = await envelope(createIssue(backend, 'en', 'New', STRUCTURED_EN, ['bug', 'urgent']));
    expect(r.error_code).toBe('invalid_argument');
    expect(r.summary).toContain('urgent');
    expect(r.data.known_labels).toEqual(['bug', 'Feature']);
    expect(r.hint).toContain('bug, Feature');
    expect(server.requests.some((q) => q.method === 'POST')).toBe(false);
  });

  it('pages through more than 50 labels', async () => {
    state.labels = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `l${i + 1}`, color: '000000' }));
    await envelope(createIssue(backend, 'en', 'New', STRUCTURED_EN, ['l58']));
    expect(server.requests.filter((q) => q.path.endsWith('/labels')).map((q) => q.query.get('page'))).toEqual(['1', '2']);
    expect(server.requests.find((q) => q.method === 'POST')!.body.labels).toEqual([58]);
  });

  it('comments, and deletes a comment only after checking it belongs to the issue', async () => {
    const c = await envelope(commentIssue(backend, 'en', 1, 'hello'));
    expect(c.data.comment).toMatchObject({ author: 'butler-bot', body: 'hello' });
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: `${API}/issues/1/comments`, body: { body: 'hello' } });
    server.clear();
    const d = await envelope(deleteIssueComment(backend, 'en', 1, 103, 'dup'));
    expect(d.status).toBe('ok');
    expect(d.data.tombstone).toBe(false);
    expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
      `GET ${API}/issues/comments/103`,
      `DELETE ${API}/issues/comments/103`,
    ]);
    expect(state.comments.some((x) => x.id === 103)).toBe(false);
  });

  it('deleting a comment of another issue or a missing comment is not_found and deletes nothing', async () => {
    state.issues.set(2, {
      number: 2,
      title: 'Other',
      body: '',
      state: 'open',
      labels: [],
      created_at: iso(2),
      updated_at: iso(2),
      closed_at: null,
    });
    expect((await envelope(deleteIssueComment(backend, 'en', 2, 103))).error_code).toBe('not_found');
    expect((await envelope(deleteIssueComment(backend, 'en', 1, 999))).error_code).toBe('not_found');
    expect(server.requests.some((q) => q.method === 'DELETE')).toBe(false);
  });

  it('updates title and body, closes and reopens with PATCH (Gitea answers 201)', async () => {
    expect((await envelope(updateIssueTitle(backend, 'en', 1, 'Renamed'))).data.issue.title).toBe('Renamed');
    expect((await envelope(updateIssueBody(backend, 'en', 1, STRUCTURED_EN))).data.issue.body).toBe(STRUCTURED_EN);
    const closed = await envelope(closeIssue(backend, 'en', 1));
    expect(closed.data.issue).toMatchObject({ id: 1, state: 'closed' });
    expect((await envelope(reopenIssue(backend, 'en', 1))).data.issue.state).toBe('open');
    // close and reopen read the state first: closing a closed issue changes nothing (issue #12).
    expect(server.requests.map((q) => [q.method, q.path, q.body])).toEqual([
      ['PATCH', `${API}/issues/1`, { title: 'Renamed' }],
      ['PATCH', `${API}/issues/1`, { body: STRUCTURED_EN }],
      ['GET', `${API}/issues/1`, undefined],
      ['PATCH', `${API}/issues/1`, { state: 'closed' }],
      ['GET', `${API}/issues/1`, undefined],
      ['PATCH', `${API}/issues/1`, { state: 'open' }],
    ]);
    server.clear();
    const again = await envelope(reopenIssue(backend, 'en', 1));
    expect(again).toMatchObject({ status: 'ok', data: { changed: false } });
    expect(again.summary).toContain('already open');
    expect(server.requests.map((q) => q.method)).toEqual(['GET']);
  });

  it('a missing issue is not_found for read, comment, update and close', async () => {
    expect((await envelope(readIssue(backend, 'en', 42))).error_code).toBe('not_found');
    expect((await envelope(commentIssue(backend, 'en', 42, 'x'))).error_code).toBe('not_found');
    expect((await envelope(updateIssueTitle(backend, 'en', 42, 'x'))).error_code).toBe('not_found');
    expect((await envelope(updateIssueBody(backend, 'en', 42, STRUCTURED_EN))).error_code).toBe('not_found');
    expect((await envelope(closeIssue(backend, 'en', 42))).error_code).toBe('not_found');
  });

  it.each([
    [401, 'auth_failed'],
    [403, 'auth_failed'],
    [404, 'not_found'],
    [409, 'conflict'],
    [422, 'invalid_title'],
    [500, 'backend_error'],
    [503, 'backend_error'],
  ])('maps HTTP %i to %s with a short message and no response body', async (status, code) => {
    server.failNext({ status, body: { message: `server says ${GITEA_TOKEN} secret-detail`, url: `${server.base}/api/swagger` } });
    const r = await envelope(updateIssueTitle(backend, 'en', 1, 'x'));
    expect(r.status).toBe('error');
    expect(r.error_code).toBe(code);
    expect(r.data.http_status).toBe(status);
    expect(JSON.stringify(r)).not.toContain('secret-detail');
    expect(JSON.stringify(r)).not.toContain(GITEA_TOKEN);
  });

  it('a 422 on a body update is invalid_body', async () => {
    server.failNext({ status: 422, body: { message: '[Body]: too long', url: '' } });
    expect((await envelope(updateIssueBody(backend, 'en', 1, STRUCTURED_EN))).error_code).toBe('invalid_body');
  });

  it('a server that does not answer is backend_error after the timeout', async () => {
    server.hangNext();
    const t = Date.now();
    const r = await envelope(readIssue(backend, 'en', 1));
    expect(r.error_code).toBe('backend_error');
    expect(r.summary).toBe('Gitea did not answer within 400 ms');
    expect(Date.now() - t).toBeLessThan(5_000);
  });

  it('a wrong token is auth_failed; a missing token fails before any request', async () => {
    const wrong = await openIssueBackend({ projectRoot: root, env: { BUTLER_ISSUES_TOKEN: 'nope' }, author: 'x', userConfigDir: conf });
    expect((await envelope(readIssue(wrong, 'en', 1))).error_code).toBe('auth_failed');
    server.clear();
    const none = await openIssueBackend({ projectRoot: root, env: {}, author: 'x', userConfigDir: conf });
    const r = await envelope(readIssue(none, 'en', 1));
    expect(r.error_code).toBe('auth_failed');
    expect(r.hint).toContain('BUTLER_ISSUES_TOKEN');
    expect(server.requests).toHaveLength(0);
  });

  it('an unreachable server is backend_error', async () => {
    const other = tempProject();
    writeConfig(other, `issues:\n  backend: gitea\n  url: http://127.0.0.1:9/\n  owner: a\n  repo: b\n`);
    const b = await openIssueBackend({ projectRoot: other, env: { GITEA_TOKEN: GITEA_TOKEN }, author: 'x', userConfigDir: conf });
    const r = await envelope(readIssue(b, 'en', 1));
    expect(r.error_code).toBe('backend_error');
    expect(JSON.stringify(r)).not.toContain(GITEA_TOKEN);
  });

  it('the token never appears in any envelope or file of the project', async () => {
    const results = [
      await envelope(readIssue(backend, 'en', 1, 2)),
      await envelope(createIssue(backend, 'en', 'T', STRUCTURED_EN, ['nope'])),
      await envelope(commentIssue(backend, 'en', 9, 'x')),
    ];
    server.failNext({ status: 401, body: { message: GITEA_TOKEN, url: '' } });
    results.push(await envelope(closeIssue(backend, 'en', 1)));
    for (const r of results) expect(JSON.stringify(r)).not.toContain(GITEA_TOKEN);
    expect(allFileText(root)).not.toContain(GITEA_TOKEN);
  });
});
