import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { work } from '../../src/cli/commands/work.js';
import type { CliIO } from '../../src/cli/io.js';
import { hostGit } from '../helpers/git.js';
import { recordText } from '../../src/work/messages/record.js';
import { observeWork } from '../../src/work/observe.js';
import { publishWork, RECORD_FIRST_HINT } from '../../src/work/publish.js';
import { NOTHING_TO_RECORD_HINT, recordWork } from '../../src/work/record.js';
import { mergeConflict, write } from '../helpers/git-scenarios.js';
import { git, makeRepo } from '../helpers/repo.js';

async function cli(cwd: string, env: Record<string, string>, ...argv: string[]) {
  let out = '';
  const io: CliIO = { cwd, env, stdout: (t) => void (out += t), stderr: (t) => void (out += t), readStdin: async () => '' };
  await work([...argv, '--json'], io);
  return JSON.parse(out);
}

describe('work capabilities take the language explicitly', () => {
  it('work_record policy_blocked: the D27 hint in Japanese, the English one in English', async () => {
    const { root } = makeRepo();
    const ja = recordWork({ projectRoot: root, message: 'x', defaultIssue: null, git: hostGit, lang: 'ja' });
    await expect(ja).rejects.toMatchObject({
      code: 'policy_blocked',
      hint: '記録対象の未記録変更がありません。work_observe で現在の状態を確認してください',
    });
    const en = recordWork({ projectRoot: root, message: 'x', defaultIssue: null, git: hostGit, lang: 'en' });
    await expect(en).rejects.toMatchObject({ code: 'policy_blocked', hint: NOTHING_TO_RECORD_HINT });
    expect(recordText('ja').nothingHint).not.toBe(NOTHING_TO_RECORD_HINT);
  });

  it('work_publish refuses a dirty tree with the D27 hint', async () => {
    const { root } = makeRepo({ withRemote: true });
    write(root, 'a.txt', 'a');
    await expect(publishWork({ projectRoot: root, defaultIssue: null, git: hostGit, lang: 'ja' })).rejects.toMatchObject({
      code: 'policy_blocked',
      hint: '先に work_record で作業を記録してください',
    });
    await expect(publishWork({ projectRoot: root, defaultIssue: null, git: hostGit, lang: 'en' })).rejects.toMatchObject({
      hint: RECORD_FIRST_HINT,
    });
  });

  it('a blocked repository is described in the language', async () => {
    const { root } = makeRepo();
    mergeConflict(root);
    const ja = await observeWork({ projectRoot: root, defaultIssue: null, git: hostGit, lang: 'ja' });
    expect(ja.summary).toBe(
      'ブロック中: マージ中、競合しているファイルあり。ユーザーに完了か中止を依頼してください。Butler は解消しません',
    );
    const en = await observeWork({ projectRoot: root, defaultIssue: null, git: hostGit, lang: 'en' });
    expect(en.data).toEqual(ja.data);
    await expect(recordWork({ projectRoot: root, message: 'x', defaultIssue: null, git: hostGit, lang: 'ja' })).rejects.toMatchObject({
      code: 'policy_blocked',
      message: '記録できません: マージ中、競合しているファイルあり',
    });
  });

  it('observeWork keeps its call signature: without lang it is English (the handover reads only data)', async () => {
    expect((await observeWork({ projectRoot: null, defaultIssue: null, git: hostGit })).summary).toMatch(/^No work session yet/);
    const ja = await observeWork({ projectRoot: null, defaultIssue: null, git: hostGit, lang: 'ja' });
    expect(ja.summary).toBe('work session がまだありません。先に work_session_start を呼んでください');
    expect(ja.data.required_action?.tool).toBe('work_session_start');
    const missing = await observeWork({ projectRoot: '/nonexistent/butler', defaultIssue: null, git: hostGit, lang: 'ja' });
    expect(missing).toMatchObject({
      status: 'error',
      error_code: 'not_found',
      summary: 'プロジェクトのフォルダが git リポジトリではありません',
    });
  });
});

describe('butler work (CLI) language', () => {
  it('is English by default, Japanese with BUTLER_LANG=ja, and BUTLER_LANG wins over `lang: ja` in the config', async () => {
    const { root } = makeRepo({ withRemote: true });
    expect((await cli(root, {}, 'observe')).summary).toBe('Clean and published');
    expect((await cli(root, { BUTLER_LANG: 'ja' }, 'observe')).summary).toBe('変更なし・共有済みです');
    mkdirSync(path.join(root, '.butler'));
    writeFileSync(path.join(root, '.butler', 'config.yaml'), 'lang: ja\n');
    git(root, 'add', '.butler');
    git(root, 'commit', '-q', '-m', 'config');
    expect((await cli(root, {}, 'finish', '--issue', '3')).summary).not.toBe('Recorded but not published');
    const r = await cli(root, { BUTLER_LANG: 'en' }, 'finish', '--issue', '3');
    expect(r.summary).toBe('Recorded but not published');
    expect(r.data.pending_actions[0]).toMatchObject({ action: 'work_publish', reason: '1 record(s) not yet on origin/main.' });
    const nothing = await cli(root, { BUTLER_LANG: 'en' }, 'record', '-m', 'x');
    expect(nothing).toMatchObject({ error_code: 'policy_blocked', hint: NOTHING_TO_RECORD_HINT });
  });

  it('a folder outside git is refused in the language of the environment', async () => {
    let out = '';
    const io: CliIO = {
      cwd: '/',
      env: { BUTLER_LANG: 'ja' },
      stdout: (t) => void (out += t),
      stderr: (t) => void (out += t),
      readStdin: async () => '',
    };
    expect(await work(['observe'], io)).toBe(2);
    expect(out).toContain('butler work observe: / は git リポジトリの中にありません');
  });
});
