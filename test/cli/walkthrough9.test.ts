// Newcomer walk-through 9 (#25): the leftovers of walk-through 8, through the real CLI, en and ja where there is
// text. The sweep of every word `--lang ja` prints is test/cli/walkthrough9-ja.test.ts.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../helpers/repo.js';
import { CLONE_BIN, butler, tempRepos } from '../helpers/person-cli.js';

const { repo } = tempRepos();
const ja = { env: { BUTLER_LANG: 'ja' } };
const README = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

describe('1. a verb’s --help lists --client only where the README says it acts', () => {
  it('the verbs that list it and those that do not, and the README’s sentence names the same', () => {
    const root = repo();
    // Written out from the README's CLI section: `handover list` picks the snapshots that brain wrote (as --source).
    const lists = [
      'handover suspend',
      'handover resume',
      'handover transfer',
      'handover accept',
      'handover list',
      'issue create',
      'issue close',
    ];
    const not = ['issue list', 'issue read', 'handover read', 'handover brains', 'work observe', 'work record', 'work diff'];
    for (const verb of lists) expect(butler(root, [...verb.split(' '), '--help']).out, verb).toMatch(/ --client (BRAIN|NAME) /);
    for (const verb of not) expect(butler(root, [...verb.split(' '), '--help']).out, verb).not.toContain('--client');
    // The README said `handover read|list|brains`: list does take it.
    expect(README).toContain('(not `issue list|read`, `handover read|brains`, or `work`)');
  });
});

describe('2. work diff --level bogus', () => {
  it('one line naming the valid values, exit 2 (en, ja); --json the error object', () => {
    const root = repo();
    const r = butler(root, ['work', 'diff', '--level', 'bogus']);
    expect([r.code, r.out, r.err]).toEqual([
      2,
      '',
      'butler work diff: --level must be one of stat, full, not "bogus"\n  butler work diff --help lists its options.\n',
    ]);
    expect(butler(root, ['work', 'diff', '--level', 'bogus'], ja).err.split('\n')[0]).toBe(
      'butler work diff: --level は次のいずれかにしてください: stat, full（"bogus" が渡されました）',
    );
    const j = butler(root, ['work', 'diff', '--level', 'bogus', '--json']);
    expect([j.code, j.json().summary]).toEqual([2, '--level must be one of stat, full, not "bogus"']);
  });
});

describe('3. issue approve-url with no URL', () => {
  it('says what is missing, then where the options are once (en, ja; walk-through 13 item 7: the pointer every usage error ends with)', () => {
    const root = repo();
    const r = butler(root, ['issue', 'approve-url']);
    expect([r.code, r.err]).toEqual([
      2,
      'butler issue approve-url: no URL given and no issues.url in .butler/config.yaml\n  butler issue approve-url --help lists its options.\n',
    ]);
    const j = butler(root, ['issue', 'approve-url'], ja);
    expect(j.err.match(/--help/g)).toHaveLength(1);
    expect(j.err.split('\n')[0]).toBe('butler issue approve-url: URL の指定がなく、.butler/config.yaml に issues.url もありません');
    const bad = butler(root, ['issue', 'approve-url', 'http://example.com']);
    expect([bad.code, bad.err.match(/--help/g)]).toEqual([2, ['--help']]);
  });
});

describe('4. an unknown command, run by path', () => {
  it('names the command typed, as every hint of that run does (en, ja)', () => {
    const root = repo();
    const r = butler(root, ['frob'], { bin: CLONE_BIN });
    expect([r.code, r.err]).toEqual([2, `node ${CLONE_BIN}: unknown command frob\n  node ${CLONE_BIN} --help lists the commands.\n`]);
    expect(butler(root, ['frob'], { bin: CLONE_BIN, ...ja }).err).toBe(
      `node ${CLONE_BIN}: 不明なコマンド frob\n  node ${CLONE_BIN} --help でコマンドの一覧を表示できます。\n`,
    );
    // A verb's and a flag's too, in Japanese as in English.
    expect(butler(root, ['work', 'obsrve'], { bin: CLONE_BIN, ...ja }).err).toContain(
      `  node ${CLONE_BIN} work --help で動詞の一覧を表示できます。`,
    );
    expect(butler(root, ['work', 'observe', '--bogus'], { bin: CLONE_BIN, ...ja }).err).toContain(
      `  node ${CLONE_BIN} work observe --help でオプションの一覧を表示できます。`,
    );
    // Installed, it is `butler`.
    expect(butler(root, ['frob']).err.split('\n')[0]).toBe('butler: unknown command frob');
  });
});

describe('5. work observe --json during a rebase', () => {
  it('status need_input, as exit 3 says', () => {
    const root = repo();
    writeFileSync(path.join(root, 'f'), 'a\n');
    git(root, 'add', 'f');
    git(root, 'commit', '-q', '-m', 'f');
    git(root, 'checkout', '-q', '-b', 'side');
    writeFileSync(path.join(root, 'f'), 'side\n');
    git(root, 'commit', '-q', '-am', 'side');
    git(root, 'checkout', '-q', 'main');
    writeFileSync(path.join(root, 'f'), 'main\n');
    git(root, 'commit', '-q', '-am', 'main');
    git(root, 'checkout', '-q', 'side');
    expect(spawnSync('git', ['rebase', 'main'], { cwd: root, encoding: 'utf8' }).status).not.toBe(0);
    const r = butler(root, ['work', 'observe', '--json']);
    expect(r.code).toBe(3);
    expect(r.json()).toMatchObject({ status: 'need_input', data: { work_state: 'blocked' } });
  });
});

describe('6. README: where --path is read from', () => {
  it('is said in the CLI section’s work bullet, not under the install record step', () => {
    const sentence = README.indexOf('A `--path` is read from the folder you are in');
    expect(sentence).toBeGreaterThan(README.indexOf('- `work`: `diff [--path P]'));
    expect(README.indexOf('- `work`: `diff [--path P]')).toBeGreaterThan(README.indexOf('**Commit what install wrote.**'));
    // The section's usage lines name the verbs the CLI has (share-preview was missing).
    const handover = 'butler handover suspend|resume|transfer|accept|prepare|read|list|brains|retire|share-preview';
    expect(README).toContain(`${handover} [--project DIR]`);
    expect(butler(repo(), ['handover', '--help']).out.split('\n')[0]).toContain(handover);
    // What it says is what the CLI does: from a subfolder, `--path` names the file there.
    const root = repo();
    git(root, 'config', 'user.name', 'T');
    spawnSync('mkdir', ['-p', path.join(root, 'sub')]);
    writeFileSync(path.join(root, 'sub', 'x.md'), 'x\n');
    const r = butler(path.join(root, 'sub'), ['work', 'diff', '--path', 'x.md', '--json'], { env: { HOME: root } });
    expect(JSON.stringify(r.json().data)).toContain('sub/x.md');
  });
});

describe('7. status after uninstall', () => {
  it('says Butler is not installed here (uninstalled), no MISS, exit 1 (en, ja)', () => {
    const root = repo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    expect(butler(root, ['uninstall']).code).toBe(0);
    const r = butler(root, ['status']);
    expect(r.code).toBe(1);
    const lines = r.out.split('\n');
    expect(lines[1]).toBe(
      '  Butler is not installed here (it was uninstalled; its settings and .gitignore lines remain): run butler install to install it again.',
    );
    expect(r.out).toMatch(/^ {2}-- {3}runtime \.butler\/bin\/: not installed \(this butler: [^)]+\)$/m);
    expect(r.out).not.toContain('MISS');
    const j = butler(root, ['status'], ja);
    expect(j.code).toBe(1);
    expect(j.out.split('\n')[1]).toBe(
      '  ここには Butler がインストールされていません（アンインストール済み。設定と .gitignore の行は残っています）: もう一度入れるには butler install を実行してください。',
    );
    expect(j.out).not.toContain('MISS');
    // Never installed: the plain words.
    expect(butler(repo(), ['status']).out.split('\n')[1]).toBe(
      '  Butler is not installed here: run butler install, or point at your project with --project DIR.',
    );
  });
});

describe('A. the words the walk-through saw in English under --lang ja', () => {
  it('install rows, receipts, issue states and a verb’s help (ja); English unchanged', () => {
    const root = repo();
    const jaInstall = butler(root, ['install', '--claude', '--codex', '--dry-run'], ja).out;
    expect(jaInstall).toContain('  作成 .butler/bin/butler.mjs  - ');
    expect(butler(root, ['install', '--claude', '--dry-run']).out).toContain('  create .butler/bin/butler.mjs  - ');
    expect(butler(root, ['install', '--claude', '--codex']).code).toBe(0);
    const body = path.join(root, '..', 'b.md');
    writeFileSync(body, '## Current state\nx\n\n## Next\ny\n\n## Blockers\nNone.\n');
    expect(butler(root, ['issue', 'create', '--title', 'T', '--body-file', body]).code).toBe(0);
    expect(butler(root, ['issue', 'read', '1'], ja).out).toMatch(/^ {2}状態: オープン {2}/m);
    expect(butler(root, ['issue', 'read', '1']).out).toMatch(/^ {2}state: open {2}/m);
    // The snapshot is written in the language of its writing (its file's text).
    expect(butler(root, ['handover', 'transfer', '--target', 'codex', '--issue', '1'], ja).code).toBe(0);
    const read = butler(root, ['handover', 'read', '--issue', '1'], ja).out;
    expect(read).toContain('issue #1「T」（オープン）');
    // The snapshot's fields are labelled in the person's language, English too (walk-through 15); --json keeps the keys.
    expect(read).toMatch(/^ {2}ID: issue-1-/m);
    expect(read).not.toMatch(/handover_id:|snapshot_file:|source_brain:|target_brain:/);
    expect(butler(root, ['handover', 'read', '--issue', '1']).out).toMatch(/^ {2}ID: issue-1-/m);
    expect(butler(root, ['handover', 'accept', '--client', 'codex']).code).toBe(0);
    expect(butler(root, ['handover', 'list'], ja).out).toContain('（codex-mcp-client が引き継ぎ済み）');
    expect(butler(root, ['handover', 'list']).out).toContain('(accepted by codex-mcp-client)');
    // A verb's help starts with a person's summary in their language (help-people.test.ts pins them all).
    expect(butler(root, ['work', 'record', '--help'], ja).out.split('\n')[0]).toBe(
      'このブランチのすべての変更を一つの記録にします。このマシンの中だけです（`git add` と `git commit` の代わり）。',
    );
    expect(butler(root, ['work', 'record', '--help']).out.split('\n')[0]).toMatch(/^Records every change on this branch/);
  });
});
