import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { openIssueBackend } from '../../src/issues/index.js';
import { LocalIssueBackend } from '../../src/issues/local/backend.js';
import { closeIssue, createIssue, readIssue, updateIssueTitle } from '../../src/issues/ops.js';
import type { Lang } from '../../src/shared/config.js';
import { STRUCTURED_EN, STRUCTURED_JA, approvedDir, envelope, tempProject, tempRepo, writeConfig } from './helpers.js';
import { GITEA_TOKEN, OWNER, REPO, giteaMock } from './mock/gitea.js';
import { iso } from './mock/server.js';

const local = (root: string, lang: Lang) =>
  new LocalIssueBackend({ projectRoot: root, author: 'claude-code', lang, now: () => new Date(0) });

/** Drops the words, keeps everything else. */
const words = new Set(['summary', 'hint', 'reason']);
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => !words.has(k))
        .map(([k, x]) => [k, shape(x)]),
    );
  return v;
}

describe('issue capabilities take the language explicitly', () => {
  it('read not_found, create need_input, update_title invalid_title and close in both languages, same code and data', async () => {
    const [rj, re] = [tempProject(), tempProject()];
    const pairs = async (run: (lang: Lang, root: string) => Promise<unknown>) => {
      const j = await envelope(run('ja', rj) as never);
      const e = await envelope(run('en', re) as never);
      expect(shape(j)).toEqual(shape(e));
      return [j, e] as const;
    };
    const [nj, ne] = await pairs((lang, root) => readIssue(local(root, lang), lang, 4));
    expect([nj.error_code, nj.summary, ne.summary]).toEqual(['not_found', 'issue #4 が見つかりません', 'Issue #4 not found']);
    expect(nj.data).toEqual({ issue_id: 4 });

    const [cj, ce] = await pairs((lang, root) => createIssue(local(root, lang), lang, 'T', 'just text'));
    expect(cj.status).toBe('need_input');
    // An English body: the names (data) are English in both; only the frame is translated.
    expect(cj.summary).toBe('本文の不足項目: Current state、Next、Blockers');
    expect(ce.summary).toBe('Body lacks: Current state, Next, Blockers');
    expect(cj.data.template).toContain('## Blockers');

    const [tj, te] = await pairs((lang, root) => updateIssueTitle(local(root, lang), lang, 1, 'a\nb'));
    expect([tj.error_code, tj.summary, tj.hint]).toEqual([
      'invalid_title',
      'タイトルに改行が含まれています',
      '1 行にしてください。詳細は本文に書いてください',
    ]);
    expect(te.summary).toBe('Title has a line break');

    await pairs((lang, root) => createIssue(local(root, lang), lang, '課題', STRUCTURED_JA));
    const [xj, xe] = await pairs((lang, root) => closeIssue(local(root, lang), lang, 1));
    expect([xj.summary, xe.summary]).toEqual(['#1 課題 を閉じました', 'Closed #1 課題']);
    expect(xj.data.issue.state).toBe('closed');
  });

  it('openIssueBackend without lang is English (the handover snapshot reads through it), with lang ja Japanese', async () => {
    const root = tempProject();
    await expect(openIssueBackend({ projectRoot: root, env: {}, author: 'x' }).then((b) => b.read(9))).rejects.toMatchObject({
      code: 'not_found',
      message: 'Issue #9 not found',
    });
    await expect(openIssueBackend({ projectRoot: root, env: {}, author: 'x', lang: 'ja' }).then((b) => b.read(9))).rejects.toMatchObject({
      code: 'not_found',
      message: 'issue #9 が見つかりません',
    });
    writeConfig(root, 'issues:\n  backend: gitea\n  owner: a\n  repo: b\n');
    await expect(openIssueBackend({ projectRoot: root, env: {}, author: 'x', lang: 'ja' })).rejects.toMatchObject({
      code: 'invalid_argument',
      message: 'gitea には issues.url が必要です',
    });
  });
});

describe('Gitea HTTP errors in both languages', () => {
  const { server, state } = giteaMock();
  let root = '';
  let conf = '';
  const open = (lang: Lang, token = GITEA_TOKEN) =>
    openIssueBackend({ projectRoot: root, env: { GITEA_TOKEN: token }, author: 'x', lang, userConfigDir: conf });
  beforeAll(async () => {
    await server.start();
    root = tempProject();
    conf = approvedDir(server.base);
    writeConfig(root, `issues:\n  backend: gitea\n  url: ${server.base}\n  owner: ${OWNER}\n  repo: ${REPO}\n  timeout_ms: 400\n`);
  });
  afterAll(() => server.stop());
  beforeEach(() => {
    state.issues.clear();
    state.labels = [{ id: 11, name: 'bug', color: 'ee0701' }];
    state.issues.set(1, {
      number: 1,
      title: 'Existing',
      body: 'b',
      state: 'open',
      labels: [],
      created_at: iso(1),
      updated_at: iso(1),
      closed_at: null,
    });
    server.clear();
  });

  it('a refused or missing token is auth_failed, worded in the language given, never with the token', async () => {
    const j = await envelope(readIssue(await open('ja', 'wrong-token'), 'ja', 1));
    const e = await envelope(readIssue(await open('en', 'wrong-token'), 'en', 1));
    expect(j).toMatchObject({ error_code: 'auth_failed', summary: 'Gitea がトークンを拒否しました（401）' });
    expect(j.hint).toBe('GITEA_TOKEN か BUTLER_ISSUES_TOKEN に issue の読み書き権限を持つ Gitea トークンを設定してください');
    expect(e).toMatchObject({ error_code: 'auth_failed', summary: 'Gitea refused the token (401)' });
    expect(shape(j)).toEqual(shape(e));
    const none = await envelope(readIssue(await open('ja', ''), 'ja', 1));
    expect(none).toMatchObject({ error_code: 'auth_failed', summary: 'Gitea のトークンが設定されていません' });
  });

  it.each([
    [401, 'auth_failed'],
    [404, 'not_found'],
    [409, 'conflict'],
    [422, 'invalid_title'],
    [423, 'policy_blocked'],
    [500, 'backend_error'],
    [418, 'backend_error'],
  ])('HTTP %i maps to %s in Japanese with the same data as in English, and no response body', async (status, code) => {
    const results = [];
    for (const lang of ['ja', 'en'] as const) {
      server.failNext({ status, body: { message: `server says ${GITEA_TOKEN} secret-detail`, url: '' } });
      results.push(await envelope(updateIssueTitle(await open(lang), lang, 1, 'x')));
    }
    const [j, e] = results as [Awaited<ReturnType<typeof envelope>>, Awaited<ReturnType<typeof envelope>>];
    expect(j.error_code).toBe(code);
    expect(shape(j)).toEqual(shape(e));
    expect(j.summary).not.toBe(e.summary);
    expect(j.summary).toMatch(/[\u3040-\u30ff]/);
    for (const r of results) expect(JSON.stringify(r)).not.toMatch(new RegExp(`secret-detail|${GITEA_TOKEN}`));
  });

  it('unknown labels and a timeout are described in Japanese', async () => {
    const r = await envelope(createIssue(await open('ja'), 'ja', 'T', STRUCTURED_EN, ['nope']));
    expect(r).toMatchObject({ error_code: 'invalid_argument', summary: '不明なラベル: nope', hint: '次のどれかを使ってください: bug' });
    expect(r.data).toEqual({ unknown_labels: ['nope'], known_labels: ['bug'] });
    server.hangNext();
    expect((await envelope(readIssue(await open('ja'), 'ja', 1))).summary).toBe('Gitea が 400 ミリ秒以内に応答しませんでした');
  });
});

describe('butler issue (CLI) language', () => {
  async function cli(cwd: string, env: Record<string, string>, ...argv: string[]) {
    let out = '';
    const io = { cwd, env, stdout: (t: string) => void (out += t), stderr: (t: string) => void (out += t), readStdin: async () => '' };
    const code = await runCli(['issue', ...argv, '--json'], io);
    return { code, ...JSON.parse(out) };
  }

  it('is English by default, Japanese with BUTLER_LANG=ja or `lang: ja`, and BUTLER_LANG wins over the config', async () => {
    const root = tempRepo();
    expect((await cli(root, {}, 'read', '2')).summary).toBe('Issue #2 not found');
    expect((await cli(root, { BUTLER_LANG: 'ja' }, 'read', '2')).summary).toBe('issue #2 が見つかりません');
    writeConfig(root, 'lang: ja\n');
    const lacks = await cli(root, {}, 'create', '--title', 'x', '--body', '## 現在の状態\nwip');
    expect(lacks).toMatchObject({ code: 3, status: 'need_input', summary: '本文の不足項目: 次にすること、ブロック要因' });
    expect((await cli(root, { BUTLER_LANG: 'en' }, 'update-title', '1', '--title', ' ')).summary).toBe('Title is empty');
    expect((await cli(root, { BUTLER_LANG: 'en' }, 'create', '--title', 'x')).summary).toBe('Body lacks: Current state, Next, Blockers');
    expect((await cli(root, {}, 'create', '--title', 'x')).summary).toBe('本文の不足項目: 現在の状態、次にすること、ブロック要因');
    expect((await cli(root, { BUTLER_LANG: 'en' }, 'create', '--title', 'x', '--body', STRUCTURED_EN)).summary).toMatch(
      /^Created #1 x \(recorded as [0-9a-f]{12}\)$/,
    );
    expect((await cli(root, { BUTLER_LANG: 'en' }, 'close', '1')).summary).toMatch(/^Closed #1 x \(recorded as [0-9a-f]{12}\)$/);
  });
});
