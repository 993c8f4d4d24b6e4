import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { write } from '../helpers/git-scenarios.js';
import { connect, type Envelope } from '../helpers/mcp.js';
import { git, makeRepo } from '../helpers/repo.js';
import { seedIssue } from '../issues/helpers.js';

/** The verbatim Japanese of docs/decisions.md D27 and D28. */
const SEED = {
  nothingToRecord: '記録対象の未記録変更がありません。work_observe で現在の状態を確認してください',
  recordFirst: '先に work_record で作業を記録してください',
  published: '共有済みです',
  finishReview: '作業は記録・公開済みです。以下を確認してください',
  finishNone: '作業は記録・公開済みです。追加で提案する issue 操作はありません',
  comment: '作業要約を issue #50 に残すことを推奨します',
  close: '完了条件を満たしていそうです。issue #50 を閉じますか？',
};

/** `.butler/config.yaml`, recorded and published so that the tree stays clean. */
function setLang(root: string, lang: 'ja' | 'en') {
  mkdirSync(path.join(root, '.butler'), { recursive: true });
  writeFileSync(path.join(root, '.butler', 'config.yaml'), `lang: ${lang}\n`);
  git(root, 'add', '.butler/config.yaml');
  git(root, 'commit', '-q', '-m', 'config');
  git(root, 'push', '-q');
}

async function session(opts: { lang?: 'ja' | 'en'; env?: Record<string, string> } = {}) {
  const repo = makeRepo({ withRemote: true });
  if (opts.lang) setLang(repo.root, opts.lang);
  // Issue #50 exists (a linked issue must, issue #12), and is published like the rest.
  seedIssue(repo.root, 50);
  git(repo.root, 'push', '-q');
  const conn = await connect({ deps: { env: opts.env ?? {} } });
  const started = await conn.call('work_session_start', { project_root: repo.root });
  return { ...repo, ...conn, started };
}

/** Everything but the words: summaries, hints and reasons are the only fields a language may change. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => !['summary', 'hint', 'reason'].includes(k))
        .map(([k, x]) => [k, shape(x)]),
    );
  }
  return v;
}

describe('work tools language (issue 7)', () => {
  it('speak Japanese with `lang: ja` in the config: observe, record, publish, finish', async () => {
    const s = await session({ lang: 'ja' });
    expect(s.started.summary).toMatch(/work session を開始しました$/);
    expect((await s.call('work_observe')).summary).toBe('変更なし・共有済みです');
    const nothing = await s.call('work_record', { message: 'x' });
    expect(nothing).toMatchObject({ status: 'error', error_code: 'policy_blocked', hint: SEED.nothingToRecord });
    expect((await s.call('work_publish')).summary).toBe(SEED.published);
    expect((await s.call('work_finish')).summary).toBe(SEED.finishNone);

    expect((await s.call('work_start', { issue_id: 50 })).summary).toBe('default issue を #50 にしました');
    write(s.root, 'a.txt', 'a');
    const dirty = await s.call('work_observe');
    expect(dirty.summary).toBe('未記録の変更が 1 件あります');
    expect(dirty.data.required_action.reason).toBe(
      '未記録の変更があります。確認せずに今記録してください（記録はこのブランチのローカルに残り push されません。このプロジェクトの Butler 設定が求める手順です）。#50 に紐付けて記録します',
    );
    expect((await s.call('work_publish')).hint).toBe(SEED.recordFirst);
    expect((await s.call('work_finish')).data.pending_actions[0].reason).toBe('未記録の変更が 1 件あります');

    const rec = await s.call('work_record', { message: 'Add a' });
    expect(rec.summary).toMatch(/^[0-9a-f]{12} を記録しました（#50）。このブランチのローカルの記録で、未公開です$/);
    expect(rec.data.ask_user_first.reason).toContain('work_publish');
    expect((await s.call('work_observe')).data.ask_user_first.reason).toBe('origin/main に未公開の記録が 1 件あります');
    expect((await s.call('work_publish')).summary).toBe('origin/main に 1 件の記録を公開しました');
    const fin = await s.call('work_finish');
    expect(fin.summary).toBe(SEED.finishReview);
    expect(fin.data.pending_actions.map((a: { reason: string }) => a.reason)).toEqual([SEED.comment, SEED.close]);
    expect((await s.call('work_history', { n: 1 })).summary).toBe('記録 1 件（新しい順）');
    expect((await s.call('work_diff')).summary).toBe('未記録の変更はありません');
    await s.close();
  });

  it('BUTLER_LANG=en switches to English, and wins over `lang: ja` in .butler/config.yaml', async () => {
    const s = await session({ lang: 'ja', env: { BUTLER_LANG: 'en' } });
    expect(s.started.summary).toMatch(/^Work session started in /);
    expect((await s.call('work_observe')).summary).toBe('Clean and published');
    expect((await s.call('work_record', { message: 'x' })).hint).toBe(
      'There are no unrecorded changes to record. Check the current state with work_observe.',
    );
    expect((await s.call('work_publish')).summary).toBe('Already published');
    await s.call('work_start', { issue_id: 50 });
    const fin = await s.call('work_finish');
    expect(fin.summary).toBe('Work is recorded and published. Review these issue actions');
    expect(fin.data.pending_actions[1].reason).toBe('Close issue #50 if its completion criteria are met (ask the user).');
    write(s.root, 'a.txt', 'a');
    expect((await s.call('work_publish')).hint).toBe('Record the changes with work_record first.');
    await s.close();
  });

  it('English when neither the environment nor the config chooses; `lang: ja` in the config switches', async () => {
    const en = await session();
    expect((await en.call('work_observe')).summary).toBe('Clean and published');
    await en.close();
    const ja = await session({ lang: 'ja' });
    expect((await ja.call('work_observe')).summary).toBe('変更なし・共有済みです');
    await ja.close();
  });

  it('before work_session_start, the answer follows the config of the repository around the server', async () => {
    const repo = makeRepo({ withRemote: true });
    setLang(repo.root, 'ja');
    const inRepo = await connect({ deps: { env: {}, cwd: path.join(repo.root) } });
    const r = await inRepo.call('handover_list');
    expect(r).toMatchObject({ status: 'need_input', summary: '作業セッションがまだありません。先に work_session_start を呼んでください' });
    await inRepo.close();
    const outside = await connect({ deps: { env: {}, cwd: '/' } });
    expect((await outside.call('handover_list')).summary).toBe('No work session yet: call work_session_start first');
    await outside.close();
  });

  it('error codes and data fields do not change with the language', async () => {
    const { root } = makeRepo({ withRemote: false });
    const ja = await connect({ deps: { env: { BUTLER_LANG: 'ja' } } });
    const en = await connect({ deps: { env: {} } });
    const both = async (tool: string, args: Record<string, unknown> = {}): Promise<[Envelope, Envelope]> => [
      await ja.call(tool, args),
      await en.call(tool, args),
    ];
    for (const c of [ja, en]) await c.call('work_session_start', { project_root: root });
    const checks: [string, Record<string, unknown>?][] = [
      ['work_observe'],
      ['work_record', { message: 'x' }],
      ['work_publish'],
      ['work_finish'],
    ];
    for (const [tool, args] of checks) {
      const [j, e] = await both(tool, args);
      expect(j.summary, tool).not.toBe(e.summary);
      expect(shape(j), tool).toEqual(shape(e));
    }
    // No upstream: judged_by is data and stays English in both.
    const [j] = await both('work_observe');
    expect(j.data).toMatchObject({ work_state: 'unknown', upstream: { status: 'not_configured' } });
    expect(j.data.upstream.judged_by).toContain('no upstream');
    expect(j.summary).toContain('upstream がないため');
    // Dirty: the tools that only observe or refuse give the same data in both languages.
    write(root, 'a.txt', 'a');
    for (const tool of ['work_observe', 'work_publish', 'work_finish']) {
      const [jd, ed] = await both(tool);
      expect(jd.summary, tool).not.toBe(ed.summary);
      expect(shape(jd), tool).toEqual(shape(ed));
    }
    await ja.close();
    await en.close();
  });
});
