// Newcomer walk-through 10 (#25): what a person at a terminal met with the README and --help alone, each
// through the real CLI bundle in real git repositories, en and ja where there is text. The expected texts are written here.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../helpers/repo.js';
import { CLONE_BIN, butler, tempRepos } from '../helpers/person-cli.js';

const { repo, installed } = tempRepos();
const ja = { env: { BUTLER_LANG: 'ja' } };

/** `butler <verb>` written bare, where a person running Butler by path cannot type it (no `butler` on PATH). */
const BARE = /(?<![\w/.-])butler (?=[a-z<]|--)/;

describe('2. run by path, no hint names a bare `butler`', () => {
  it('sweeps stdout and stderr of many verbs through the clone’s bundle and the vendored runtime (en, ja)', () => {
    const root = installed();
    // An agent's snapshot and no person's: `handover resume` names the command that reads it (on stderr).
    expect(butler(root, ['handover', 'suspend', '--client', 'codex', '--notes', 'x']).code).toBe(0);
    writeFileSync(path.join(root, 'a.txt'), 'x\n');
    const runs = [
      ['work', 'observe'],
      ['work', 'diff'],
      ['work', 'finish'],
      ['work', 'history'],
      ['work', 'publish'],
      ['work', 'sync'],
      ['work', 'record'],
      ['work', 'wrok'],
      ['work', 'diff', '--record', 'zzz'],
      ['issue', 'list'],
      ['issue', 'read', '9'],
      ['issue', 'create', '--title', 'x'],
      ['handover', 'list'],
      ['handover', 'list', '--client', 'codx'],
      ['handover', 'read'],
      ['handover', 'resume'],
      ['handover', 'resume', '--issue', '4'],
      ['handover', 'brains'],
      ['handover', 'accept'],
      ['handover', 'transfer', '--target', 'codx'],
      ['handover', 'retire', 'zzz'],
      ['status'],
      ['guard', 'status'],
    ];
    const vendored = path.join(root, '.butler', 'bin', 'butler.mjs');
    const offenders: string[] = [];
    for (const [bin, args, opts] of [
      ...runs.map((a) => [CLONE_BIN, a, {}] as const),
      ...runs.map((a) => [CLONE_BIN, a, ja] as const),
      ...runs.filter((a) => !['status', 'guard'].includes(a[0]!)).map((a) => [vendored, a, {}] as const),
    ]) {
      const r = butler(root, [...args], { bin, ...opts });
      for (const line of `${r.out}\n${r.err}`.split('\n'))
        if (BARE.test(line)) offenders.push(`${path.basename(bin)} ${args.join(' ')}: ${line}`);
    }
    expect(offenders).toEqual([]);
    // The sweep is not blind: the two lines walk-through 10 met, each naming the command typed.
    const finish = butler(root, ['work', 'finish'], { bin: vendored });
    expect(finish.out).toContain('\n  next: node .butler/bin/butler.mjs work record --message MESSAGE   (');
    const resume = butler(root, ['handover', 'resume'], { bin: CLONE_BIN });
    expect([resume.code, resume.err.split('\n')[1]]).toEqual([
      2,
      `  Read one with: node ${CLONE_BIN} handover resume --client codex-mcp-client`,
    ]);
    expect(butler(root, ['handover', 'resume'], { bin: CLONE_BIN, ...ja }).err.split('\n')[1]).toBe(
      `  読むには: node ${CLONE_BIN} handover resume --client codex-mcp-client`,
    );
  });
});

describe('3. handover list filters name a brain', () => {
  it('--client, --source or --target naming no brain: exit 2, the nearest brain; no match: said, and the list without filters', () => {
    const root = installed();
    expect(butler(root, ['handover', 'suspend', '--client', 'codex', '--notes', 'x']).code).toBe(0);
    for (const flag of ['--client', '--source', '--target']) {
      const r = butler(root, ['handover', 'list', flag, 'codx']);
      expect([r.code, r.out, r.err]).toEqual([
        2,
        '',
        `butler handover list: ${flag} codx names no brain here; did you mean codex-mcp-client? (known: claude-code, codex-mcp-client, gemini-cli-mcp-client, person)\n` +
          '  butler handover list --help lists its options.\n',
      ]);
    }
    expect(butler(root, ['handover', 'list', '--source', 'codx'], ja).err.split('\n')[0]).toBe(
      'butler handover list: --source codx はここで知られているエージェントを指していません。もしかして codex-mcp-client？（既知: claude-code, codex-mcp-client, gemini-cli-mcp-client, person）',
    );
    // An alias names its brain, as --client does elsewhere.
    const codex = butler(root, ['handover', 'list', '--source', 'codex']);
    expect([codex.code, codex.out.split('\n')[0]]).toEqual([0, '✓ Handover history']);
    expect(codex.out).toContain(' codex-mcp-client -> codex-mcp-client ');
    const none = butler(root, ['handover', 'list', '--source', 'claude']);
    expect([none.code, none.out]).toEqual([
      0,
      '✓ No snapshot matches these filters\n  next: butler handover list   (The history without the filters)\n',
    ]);
    expect(butler(root, ['handover', 'list', '--source', 'claude'], ja).out).toBe(
      '✓ この条件に合う snapshot はありません\n  次: butler handover list   (条件を外した履歴を表示します)\n',
    );
  });
});

describe('1. uninstall names only what there is to commit', () => {
  it('after an install never committed: nothing to commit, and the files left were never committed (en, ja)', () => {
    const root = repo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    const r = butler(root, ['uninstall']);
    expect(r.code).toBe(0);
    expect(r.out.split('\n').filter((l) => l.startsWith('note: '))).toEqual([
      'note: Nothing to commit: none of what uninstall removed was ever committed here.',
      'note: Left in place: .butler/config.yaml (your settings; never committed); the Butler lines in .gitignore (they keep snapshots out of commits; never committed). Delete them by hand if you no longer want them.',
    ]);
    expect(git(root, 'status', '--porcelain')).toBe('?? .butler/\n?? .gitignore');
    // A committed CLAUDE.md of the person's: taking out the guide block never committed gives back what git has.
    writeFileSync(path.join(root, 'CLAUDE.md'), '# mine\n');
    git(root, 'add', 'CLAUDE.md');
    git(root, 'commit', '-q', '-m', 'mine');
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    for (const dry of [['--dry-run'], []])
      expect(butler(root, ['uninstall', ...dry]).out, dry.join('')).toContain(
        '\nnote: Nothing to commit: none of what uninstall removed was ever committed here.\n',
      );
    expect(git(root, 'status', '--porcelain')).toBe('?? .butler/\n?? .gitignore');
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    expect(butler(root, ['uninstall'], ja).out).toContain(
      '\n注: コミットするものはありません: uninstall が削除したものは、ここでは一度もコミットされていません。\n',
    );
  });

  it('after a committed install: the command named commits the removals only, not the config or .gitignore left', () => {
    const root = repo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'install');
    // An unrelated change of the person's stays out of the commit.
    writeFileSync(path.join(root, 'mine.txt'), 'x\n');
    const dry = butler(root, ['uninstall', '--dry-run']);
    const r = butler(root, ['uninstall']);
    // The dry run names the same commit.
    expect(dry.out.split('\n').find((l) => l.startsWith('note: Commit'))).toBe(r.out.split('\n').find((l) => l.startsWith('note: Commit')));
    const note = /^note: Commit the removal of (.*) so every clone loses them too: (.*), then git push\.$/m.exec(r.out);
    expect(note?.[1]).toBe('.butler/bin/, .claude/settings.json, .mcp.json, CLAUDE.md');
    expect(note?.[2]).toBe('git commit -m "Remove Butler" -- .butler/bin/ .claude/settings.json .mcp.json CLAUDE.md');
    expect(r.out).toContain(
      '\nnote: Left in place: .butler/config.yaml (your settings); the Butler lines in .gitignore (they keep snapshots out of commits). Delete',
    );
    // Run as printed, it commits exactly the removals.
    git(root, ...note![2]!.replace(/"/g, '').replace('Remove Butler', 'Remove_Butler').split(' ').slice(1));
    expect(git(root, 'show', '--name-status', '--format=', 'HEAD').split('\n').sort()).toEqual([
      'D\t.butler/bin/VERSION',
      'D\t.butler/bin/butler.mjs',
      'D\t.butler/bin/pre-compact.cjs',
      'D\t.butler/bin/pre-tool-use.cjs',
      'D\t.butler/bin/pre-tool-use.sh',
      'D\t.butler/bin/session-start.cjs',
      'D\t.butler/bin/session-start.sh',
      'D\t.claude/settings.json',
      'D\t.mcp.json',
      'D\tCLAUDE.md',
    ]);
    expect(git(root, 'status', '--porcelain')).toBe('?? mine.txt');
  });
});

describe('4. a --path that matches nothing is said, exit 2', () => {
  it('from a subfolder, a path written from the top names the path from here (en, ja); a deleted file still has its history', () => {
    const root = repo();
    const deep = path.join(root, 'sub', 'deep');
    mkdirSync(deep, { recursive: true });
    writeFileSync(path.join(deep, 'old.txt'), 'a\n');
    writeFileSync(path.join(deep, 'keep.txt'), 'k\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'old');
    git(root, 'rm', '-q', 'sub/deep/old.txt');
    git(root, 'commit', '-q', '-m', 'gone');
    writeFileSync(path.join(deep, 'f.txt'), 'new\n');
    const top = butler(deep, ['work', 'diff', '--path', 'sub/deep/f.txt']);
    expect([top.code, top.out, top.err]).toEqual([
      2,
      '',
      'butler work diff: --path sub/deep/f.txt matches no file and no change in sub/deep/, the folder you are in: a path is read from there, so write f.txt\n' +
        '  butler work diff --help lists its options.\n',
    ]);
    expect(butler(deep, ['work', 'diff', '--path', 'sub/deep/f.txt'], ja).err.split('\n')[0]).toBe(
      'butler work diff: --path sub/deep/f.txt に該当するファイルも変更も、今いるフォルダー sub/deep/ にはありません: パスはそこから読むので、f.txt と書いてください',
    );
    const here = butler(deep, ['work', 'diff', '--path', 'f.txt']);
    expect([here.code, here.out.split('\n')[0]]).toEqual([0, '✓ 1 changed file(s) (+1 -0), 1 of them new']);
    expect(butler(deep, ['work', 'diff', '--path', 'nope.txt']).err.split('\n')[0]).toBe(
      'butler work diff: --path nope.txt matches no file and no change',
    );
    expect(butler(deep, ['work', 'history', '--path', 'sub/deep/old.txt']).code).toBe(2);
    const history = butler(deep, ['work', 'history', '--path', 'old.txt']);
    expect([history.code, history.out.split('\n')[0]]).toEqual([0, '✓ 2 record(s) touching sub/deep/old.txt, newest first']);
    // work record records every change: it takes no --path.
    expect(butler(deep, ['work', 'record', '-m', 'x', '--path', 'f.txt']).err.split('\n')[0]).toBe(
      'butler work record: unknown flag --path',
    );
  });
});
