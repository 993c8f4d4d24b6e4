// Issue #25, third newcomer walk-through: the real bundle spawned in temp git
// repositories, as a person types it. Each test removes the folders it made.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../helpers/repo.js';
import { butler, pathWithoutButler, tempRepos } from '../helpers/person-cli.js';
import { STRUCTURED_EN } from '../issues/helpers.js';

const { made, repo, withRemote } = tempRepos();

describe("1. resume with only agents' snapshots in scope names them and the command", () => {
  it("a person snapshot elsewhere does not hide the agents' ones in the default issue", () => {
    const root = repo();
    expect(butler(root, ['handover', 'suspend', '--notes', 'mine']).code).toBe(0);
    expect(butler(root, ['issue', 'create', '--title', 'Login', '--body', STRUCTURED_EN]).code).toBe(0);
    expect(butler(root, ['work', 'start', '--issue', '1']).code).toBe(0);
    expect(butler(root, ['handover', 'suspend', '--client', 'claude', '--notes', 'x']).code).toBe(0);
    const r = butler(root, ['handover', 'resume']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      "butler handover resume: no snapshot of yours here; waiting are agents' snapshots from: claude-code (1).\n" +
        '  Read one with: butler handover resume --client claude-code\n',
    );
    const ja = butler(root, ['handover', 'resume', '--issue', '1', '--lang', 'ja']);
    expect(ja.code).toBe(2);
    expect(ja.err).toBe(
      'butler handover resume: あなたの snapshot はありません。待っているのはエージェントの snapshot です: claude-code (1)。\n' +
        '  読むには: butler handover resume --client claude-code --issue 1\n',
    );
    expect(butler(root, ['handover', 'resume', '--client', 'claude-code']).code).toBe(0);
  });
});

describe('2. status: an edited VERSION stamp is a counted problem with its fix', () => {
  it('prints, exits and --json-reports the same problem, en and ja', () => {
    const root = repo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    writeFileSync(path.join(root, '.butler/bin/VERSION'), '0.0.9\n');
    const s = butler(root, ['status']);
    expect(s.code).toBe(1);
    expect(s.out).toContain('  MISS runtime .butler/bin/: VERSION edited (no version in it) (this butler: ');
    expect(s.out).not.toContain('unreadable');
    expect(s.out).toContain(
      'problem: .butler/bin/VERSION does not say which Butler is vendored (edited or removed): run butler install to rewrite it.\n',
    );
    const json = butler(root, ['status', '--json']).json();
    expect(json.summary).toBe('1 problem(s)');
    expect(json.data.healthy).toBe(false);
    expect(json.data.problems).toEqual([
      '.butler/bin/VERSION does not say which Butler is vendored (edited or removed): run butler install to rewrite it.',
    ]);
    expect(butler(root, ['status', '--lang', 'ja']).out).toContain(
      '問題: .butler/bin/VERSION に同梱の Butler のバージョンが書かれていません（編集または削除）: butler install で書き直してください。\n',
    );
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    expect(butler(root, ['status']).code).toBe(0);
  });
});

describe('3. --lang ja: what install writes, the no-terminal hint, the missing issue sections', () => {
  it('speaks Japanese throughout', () => {
    const root = repo();
    expect(butler(root, ['install', '--claude', '--lang', 'ja']).code).toBe(0);
    expect(readFileSync(path.join(root, '.gitignore'), 'utf8')).toBe(
      '# Butler: handover の snapshot とセッションログは非公開のまま\nsession_logs/\n.claude/settings.local.json\n',
    );
    const rec = butler(root, ['work', 'record', '-m', 'x', '--lang', 'ja']);
    expect(rec.code).toBe(3);
    expect(rec.out).toContain(
      '  ヒント: 端末にいる人が必要です（ここには TTY がありません）。Butler 自身のファイルは人が自分の端末で `butler work record` を実行して記録します',
    );
    const create = butler(root, ['issue', 'create', '--title', 'テスト', '--body', 'x', '--lang', 'ja']);
    expect(create.code).toBe(3);
    expect(create.out).toContain(
      '? 本文の不足項目: 現在の状態、次にすること、ブロック要因\n\n## 現在の状態\n…\n\n## 次にすること\n…\n\n## ブロック要因\n…\n',
    );
    const filled = '## 現在の状態\n動く\n\n## 次にすること\nテスト\n\n## ブロック要因\nなし\n';
    expect(butler(root, ['issue', 'create', '--title', 'テスト', '--body', filled, '--lang', 'ja']).code).toBe(0);
  });
});

describe('4. --client naming no brain is a usage error for every verb that takes it', () => {
  it('work observe and work record take no --client (walk-through 10) and refuse it before doing anything; a handover verb checks it', () => {
    const root = repo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    const head = git(root, 'rev-parse', 'HEAD');
    for (const argv of [
      ['work', 'observe'],
      ['work', 'record', '-m', 'x'],
    ]) {
      const r = butler(root, [...argv, '--client', 'nobody']);
      expect(r.code).toBe(2);
      expect(r.err).toBe(`butler ${argv[0]} ${argv[1]}: unknown flag --client\n  butler ${argv[0]} ${argv[1]} --help lists its options.\n`);
    }
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
    expect(butler(root, ['handover', 'suspend', '--client', 'nobody', '--lang', 'ja']).err).toContain(
      // One line, as `handover list --client` says it (#25 final walk-through).
      'butler handover suspend: --client nobody はここで知られているエージェントを指していません（既知: claude-code）\n',
    );
    expect(butler(root, ['handover', 'suspend', '--client', 'claude']).code).toBe(0);
  });
});

describe('5. install names the command that exists for the route used', () => {
  it('butler on PATH: butler work record; not on PATH (a clone, a skill): the vendored runtime', () => {
    const root = repo();
    const noButler = pathWithoutButler();
    const plain = butler(root, ['install', '--claude'], { env: { PATH: noButler } });
    expect(plain.out).toContain(
      ': node .butler/bin/butler.mjs work record -m "Install Butler" (it asks you to confirm Butler\'s own files), then node .butler/bin/butler.mjs work publish.\n',
    );
    // The command it names runs: the vendored runtime has work record (it asks a person to confirm).
    expect(butler(root, ['work', 'record', '-m', 'Install Butler'], { bin: path.join(root, '.butler/bin/butler.mjs') }).out).toContain(
      'needs a person at a terminal',
    );
    const bin = path.join(path.dirname(root), 'bin');
    mkdirSync(bin);
    writeFileSync(path.join(bin, 'butler'), '#!/bin/sh\n', { mode: 0o755 });
    const onPath = butler(root, ['install', '--claude', '--gemini'], { env: { PATH: `${bin}${path.delimiter}${noButler}` } });
    expect(onPath.out).toContain(
      ': butler work record -m "Update Butler" (it asks you to confirm Butler\'s own files), then butler work publish.\n',
    );
  });
});

describe("7. a bad value names the flag typed, in the person's words", () => {
  it('--limit 0, --comments=-3, a handover id of the wrong form', () => {
    const root = repo();
    const limit = butler(root, ['work', 'history', '--limit', '0']);
    expect(limit.code).toBe(2);
    expect(limit.err).toBe('butler work history: --limit must be 1 or more\n  butler work history --help lists its options.\n');
    expect(butler(root, ['work', 'history', '-n', '0', '--lang', 'ja']).err).toBe(
      'butler work history: -n は 1 以上にしてください\n  butler work history --help でオプションの一覧を表示できます。\n',
    );
    expect(butler(root, ['issue', 'read', '1', '--comments=-3']).err).toBe(
      'butler issue read: --comments must be 0 or more\n  butler issue read --help lists its options.\n',
    );
    const id = butler(root, ['handover', 'read', 'nonexistent-id']);
    expect(id.code).toBe(2);
    expect(id.err).toBe(
      'butler handover read: handover id nonexistent-id is not a snapshot id (they read like project-20260101T000000Z-person); `butler handover list` shows them\n' +
        '  butler handover read --help lists its options.\n',
    );
  });
});

describe('9. a rejected publish tells a person what to run', () => {
  it('Run `butler work sync`, then publish again (en and ja)', () => {
    const { root, remote } = withRemote();
    const other = path.join(path.dirname(root), 'other');
    git(path.dirname(root), 'clone', '-q', remote!, other);
    writeFileSync(path.join(other, 'theirs.txt'), 'x\n');
    git(other, 'add', '-A');
    git(other, '-c', 'user.name=O', '-c', 'user.email=o@e.x', 'commit', '-qm', 'theirs');
    git(other, 'push', '-q');
    writeFileSync(path.join(root, 'mine.txt'), 'y\n');
    git(root, 'add', '-A');
    git(root, '-c', 'user.name=T', '-c', 'user.email=t@e.x', 'commit', '-qm', 'mine');
    const r = butler(root, ['work', 'publish']);
    expect(r.code).not.toBe(0);
    expect(r.out + r.err).toContain(
      '  hint: Someone published first. Run `butler work sync` to bring in their records, then `butler work publish` again. If sync reports a conflict, resolve it with git by hand as it says first.\n',
    );
    expect(butler(root, ['work', 'publish', '--lang', 'ja']).out + butler(root, ['work', 'publish', '--lang', 'ja']).err).toContain(
      '先に誰かが公開しています。`butler work sync` で記録を取り込み、その後 `butler work publish` を再度実行してください',
    );
  });
});

describe('10. after a record, the publish step reads as a choice', () => {
  it('en and ja', () => {
    const root = repo({ withRemote: true });
    writeFileSync(path.join(root, 'a.txt'), 'a\n');
    const r = butler(root, ['work', 'record', '-m', 'a', '--no-issue']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('  if you want: butler work publish   (Shares the record with the others.)\n');
    writeFileSync(path.join(root, 'b.txt'), 'b\n');
    expect(butler(root, ['work', 'record', '-m', 'b', '--no-issue', '--lang', 'ja']).out).toContain(
      '  必要なら: butler work publish   (記録を他の人と共有します)\n',
    );
  });
});
