import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect, type Envelope } from '../helpers/mcp.js';
import { makeRepo } from '../helpers/repo.js';
import { approvedDir, writeConfig } from '../issues/helpers.js';
import { GH_OWNER, GH_REPO, GITHUB_TOKEN, githubMock } from '../issues/mock/github.js';
import { iso } from '../issues/mock/server.js';

const NOW = new Date('2026-06-03T09:00:00Z');

/** A session on a fresh repository; `lang` goes to .butler/config.yaml (with any other `yaml`). */
async function session(opts: { lang?: 'ja' | 'en'; env?: Record<string, string>; yaml?: string; conf?: string } = {}) {
  const { root } = makeRepo();
  const yaml = `${opts.lang ? `lang: ${opts.lang}\n` : ''}${opts.yaml ?? ''}`;
  if (yaml) writeConfig(root, yaml);
  const c = await connect({ deps: { env: opts.env ?? {}, now: () => NOW, userConfigDir: opts.conf } });
  expect((await c.call('work_session_start', { project_root: root })).status).toBe('ok');
  return { ...c, root };
}

/** Everything but the words: summaries, hints and reasons are the only fields a language may change. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (v && typeof v === 'object') {
    // record_id: a commit id, different in every repository whatever the language.
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => !['summary', 'hint', 'reason', 'record_id'].includes(k))
        .map(([k, x]) => [k, shape(x)]),
    );
  }
  return v;
}

const PARTIAL_JA = '## 現在の状態\n作業中';
const FULL_JA = '## 現在の状態\n作業中\n\n## 次にすること\n再現する\n\n## ブロック要因\nなし';

describe('issue tools language (issue 7)', () => {
  it('speak Japanese with `lang: ja` in the config: read not_found, create need_input, invalid_title, create, close', async () => {
    const s = await session({ lang: 'ja' });
    const missing = await s.call('issue_read', { issue_id: 3 });
    expect(missing).toMatchObject({ status: 'error', error_code: 'not_found', summary: 'issue #3 が見つかりません' });
    expect(missing.hint).toBe('issue 番号を確認するか、issue_create で作成してください');

    const lacks = await s.call('issue_create', { title: 'ログイン不具合', body: PARTIAL_JA });
    expect(lacks.status).toBe('need_input');
    expect(lacks.summary).toBe('本文の不足項目: 次にすること、ブロック要因');
    expect(lacks.data.missing).toEqual(['次にすること', 'ブロック要因']);
    expect(lacks.data.required_action.reason).toBe('不足している項目を追記してください（ブロック要因がなければ「なし」と書きます）');

    const blank = await s.call('issue_update_title', { issue_id: 1, title: ' ' });
    expect(blank).toMatchObject({ error_code: 'invalid_title', summary: 'タイトルが空です', hint: '短く具体的なタイトルを付けてください' });

    // Each local issue change is a record of its own (issue #12); the summary names it.
    expect((await s.call('issue_create', { title: 'ログイン不具合', body: FULL_JA })).summary).toMatch(
      /^#1 ログイン不具合 を作成しました（記録 [0-9a-f]{12}）$/,
    );
    expect((await s.call('issue_comment', { issue_id: 1, body: 'メモ' })).summary).toMatch(
      /^#1 にコメントしました（コメント 1）（記録 [0-9a-f]{12}）$/,
    );
    expect((await s.call('issue_read', { issue_id: 1, last_n_comments: 5 })).summary).toBe('#1 ログイン不具合（オープン、コメント 1 件）');
    expect((await s.call('issue_close', { issue_id: 1 })).summary).toMatch(/^#1 ログイン不具合 を閉じました（記録 [0-9a-f]{12}）$/);
    expect((await s.call('issue_reopen', { issue_id: 1 })).summary).toMatch(
      /^#1 ログイン不具合 を再オープンしました（記録 [0-9a-f]{12}）$/,
    );
    const gone = await s.call('issue_delete_comment', { issue_id: 1, comment_id: 9 });
    expect(gone).toMatchObject({ error_code: 'not_found', summary: 'issue #1 にコメント 9 が見つかりません' });
    await s.close();
  });

  it('BUTLER_LANG=en switches to English, and wins over `lang: ja` in .butler/config.yaml', async () => {
    const s = await session({ lang: 'ja', env: { BUTLER_LANG: 'en' } });
    expect((await s.call('issue_read', { issue_id: 3 })).summary).toBe('Issue #3 not found');
    const lacks = await s.call('issue_create', { title: 'Login', body: PARTIAL_JA });
    // The names of the missing sections stay in the body's language: they are what to write.
    expect(lacks.summary).toBe('Body lacks: 次にすること, ブロック要因');
    expect(lacks.data.required_action.reason).toBe('Add the missing sections (write "none" when there are no blockers).');
    expect((await s.call('issue_update_title', { issue_id: 1, title: '' })).summary).toBe('Title is empty');
    expect((await s.call('issue_create', { title: 'Login', body: FULL_JA })).summary).toMatch(
      /^Created #1 Login \(recorded as [0-9a-f]{12}\)$/,
    );
    expect((await s.call('issue_close', { issue_id: 1 })).summary).toMatch(/^Closed #1 Login \(recorded as [0-9a-f]{12}\)$/);
    await s.close();
  });

  it('English when neither the environment nor the config chooses; `lang: ja` in the config switches', async () => {
    const en = await session();
    expect((await en.call('issue_read', { issue_id: 3 })).summary).toBe('Issue #3 not found');
    await en.close();
    const ja = await session({ lang: 'ja' });
    expect((await ja.call('issue_read', { issue_id: 3 })).summary).toBe('issue #3 が見つかりません');
    await ja.close();
  });

  it('error codes and data fields do not change with the language', async () => {
    const ja = await session({ lang: 'ja' });
    const en = await session({ lang: 'en' });
    const calls: [string, Record<string, unknown>][] = [
      ['issue_read', { issue_id: 3 }],
      ['issue_create', { title: 'T', body: PARTIAL_JA }],
      ['issue_create', { title: 'T', body: '## Current state\nwip' }],
      ['issue_create', { title: 'a\nb' }],
      ['issue_create', { title: 'T', body: FULL_JA, label_names: ['bug'] }],
      ['issue_comment', { issue_id: 1, body: ' ' }],
      ['issue_comment', { issue_id: 1, body: 'note' }],
      ['issue_read', { issue_id: 1, last_n_comments: 2 }],
      ['issue_delete_comment', { issue_id: 1, comment_id: 1, reason: 'dup' }],
      ['issue_delete_comment', { issue_id: 1, comment_id: 1 }],
      ['issue_update_title', { issue_id: 1, title: '' }],
      ['issue_update_title', { issue_id: 1, title: 'T2' }],
      ['issue_update_body', { issue_id: 1, body: '' }],
      ['issue_update_body', { issue_id: 1, body: 'new' }],
      ['issue_update_body', { issue_id: 1, body: FULL_JA }],
      ['issue_close', { issue_id: 1 }],
      ['issue_reopen', { issue_id: 1 }],
      ['issue_close', { issue_id: 8 }],
    ];
    for (const [tool, args] of calls) {
      const [j, e]: [Envelope, Envelope] = [await ja.call(tool, args), await en.call(tool, args)];
      expect(j.summary, tool).not.toBe(e.summary);
      expect(shape(j), `${tool} ${JSON.stringify(args)}`).toEqual(shape(e));
    }
    await ja.close();
    await en.close();
  });
});

describe('issue tools language: tracker HTTP errors (GitHub mock)', () => {
  const { server, state } = githubMock();
  beforeAll(() => server.start());
  afterAll(() => server.stop());
  beforeEach(() => {
    state.issues.clear();
    state.issues.set(1, {
      title: 'Existing',
      body: null,
      state: 'open',
      state_reason: null,
      labels: [],
      created_at: iso(1),
      updated_at: iso(1),
    });
  });
  const github = () => `issues:\n  backend: github\n  url: ${server.base}\n  owner: ${GH_OWNER}\n  repo: ${GH_REPO}\n`;

  it('auth_failed comes in Japanese with `lang: ja` and in English by default; same code and data; no token or body', async () => {
    const conf = approvedDir(server.base);
    const ja = await session({ lang: 'ja', yaml: github(), env: { GITHUB_TOKEN }, conf });
    const en = await session({ yaml: github(), env: { GITHUB_TOKEN }, conf });
    const denied: Envelope[] = [];
    for (const s of [ja, en]) {
      server.failNext({ status: 401, body: { message: `Bad credentials ${GITHUB_TOKEN} raw-detail` } });
      denied.push(await s.call('issue_close', { issue_id: 1 }));
    }
    const [j, e] = denied as [Envelope, Envelope];
    expect(j).toMatchObject({ status: 'error', error_code: 'auth_failed', summary: 'GitHub がトークンを拒否しました（401）' });
    expect(j.hint).toBe('GITHUB_TOKEN か GH_TOKEN か BUTLER_ISSUES_TOKEN に Issues の読み書き権限を持つトークンを設定してください');
    expect(e).toMatchObject({ error_code: 'auth_failed', summary: 'GitHub refused the token (401)' });
    expect(e.hint).toBe('Set GITHUB_TOKEN or GH_TOKEN or BUTLER_ISSUES_TOKEN to a token with Issues read/write access.');
    expect(shape(j)).toEqual(shape(e));
    expect(j.data).toEqual({ http_status: 401 });
    for (const r of denied) {
      expect(JSON.stringify(r)).not.toContain(GITHUB_TOKEN);
      expect(JSON.stringify(r)).not.toContain('raw-detail');
    }
    // A 404 on the tracker names the issue in the project's language.
    expect((await ja.call('issue_read', { issue_id: 42 })).summary).toBe('issue #42 が見つかりません');
    expect((await en.call('issue_read', { issue_id: 42 })).summary).toBe('Issue #42 not found');
    await ja.close();
    await en.close();
  });
});
