// Newcomer walk-through 10 (#25), its usage errors: a bad flag value names the flag, a flag a verb does not take
// is the unknown-flag error, one line each (test/cli/walkthrough10.test.ts has the rest). Through the real CLI
// bundle in real git repositories, en and ja where there is text; the expected texts are written here.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { butler, tempRepos } from '../helpers/person-cli.js';

const { repo, installed } = tempRepos();
const ja = { env: { BUTLER_LANG: 'ja' } };

describe('5. a bad flag value is a usage error naming the flag', () => {
  it('work diff --record zzz, --path outside; status --project of a folder that is not there (en, ja)', () => {
    const root = installed();
    const record = butler(root, ['work', 'diff', '--record', 'zzz']);
    expect([record.code, record.out, record.err]).toEqual([
      2,
      '',
      'butler work diff: --record zzz is not a record id\n' +
        '  Pass a --record from `butler work history` (hex).\n' +
        '  butler work diff --help lists its options.\n',
    ]);
    expect(butler(root, ['work', 'diff', '--record', 'zzz'], ja).err.split('\n')[0]).toBe(
      'butler work diff: --record zzz が記録 ID の形式ではありません',
    );
    // A well-formed id of no record: Butler's no (exit 1), its hint in the person's words, not the tool argument's.
    const none = butler(root, ['work', 'diff', '--record', '0000000']);
    expect([none.code, none.err]).toEqual([
      1,
      '✗ No record 0000000\n  hint: Take a record id from `butler work history` (its first column).\n',
    ]);
    expect(butler(root, ['work', 'diff', '--record', '0000000'], ja).err.split('\n')[1]).toBe(
      '  ヒント: 記録の id は `butler work history` で確認してください（最初の列）',
    );
    const outside = butler(root, ['work', 'diff', '--path', '../x']);
    expect([outside.code, outside.err.split('\n')[0]]).toEqual([2, 'butler work diff: --path ../x leaves the project folder']);
    const gone = path.join(root, 'nonexistent');
    for (const verb of [['status'], ['install'], ['work', 'observe']]) {
      const r = butler(root, [...verb, '--project', gone]);
      expect([r.code, r.err.split('\n')[0]], verb.join(' ')).toEqual([2, `butler ${verb.join(' ')}: ${gone} does not exist`]);
    }
    expect(butler(root, ['status', '--project', path.join(root, 'CLAUDE.md')]).err).toBe(
      `butler status: ${path.join(root, 'CLAUDE.md')} is a file, not a folder\n  butler status --help lists its options.\n`,
    );
    expect(butler(root, ['status', '--project', gone], ja).err).toBe(
      `butler status: ${gone} は存在しません\n  butler status --help でオプションの一覧を表示できます。\n`,
    );
  });
});

describe('6. a flag a verb does not take is the unknown-flag error', () => {
  it('issue list --client, work observe --client, mcp --bogus, demo --jsn: exit 2, one line and the help pointer', () => {
    const root = installed();
    for (const args of [
      ['issue', 'list', '--client', 'bob'],
      ['work', 'observe', '--client', 'codex'],
      ['handover', 'brains', '--client', 'codex'],
    ]) {
      const prefix = `butler ${args[0]} ${args[1]}`;
      expect(butler(root, args)).toMatchObject({
        code: 2,
        out: '',
        err: `${prefix}: unknown flag --client\n  ${prefix} --help lists its options.\n`,
      });
    }
    expect(butler(root, ['mcp', '--bogus'])).toMatchObject({
      code: 2,
      out: '',
      err: 'butler mcp: unknown flag --bogus\n  butler mcp --help lists its options.\n',
    });
    expect(butler(root, ['mcp', '--workr']).err.split('\n')[0]).toBe('butler mcp: unknown flag --workr; did you mean --worker?');
    expect(butler(root, ['demo', '--jsn'])).toMatchObject({
      code: 2,
      out: '',
      err: 'butler demo: unknown flag --jsn; did you mean --json?\n  butler demo --help lists its options.\n',
    });
    expect(butler(root, ['issue', 'list', '--client', 'bob'], ja).err.split('\n')[0]).toBe('butler issue list: 不明なフラグ --client');
  });
});

describe('7. usage errors are one line; hook names an unknown verb; handover --help names share-preview', () => {
  it('install, uninstall and status: one line and the --help pointer (en, ja)', () => {
    const root = repo();
    for (const cmd of ['install', 'uninstall', 'status'])
      expect(butler(root, [cmd, '--bogus']), cmd).toMatchObject({
        code: 2,
        err: `butler ${cmd}: unknown flag --bogus\n  butler ${cmd} --help lists its options.\n`,
      });
    expect(butler(root, ['status', '--bogus'], ja).err).toBe(
      'butler status: 不明なフラグ --bogus\n  butler status --help でオプションの一覧を表示できます。\n',
    );
  });

  it('hook frob: unknown verb, with did you mean; handover --help lists share-preview on its first line', () => {
    const root = repo();
    expect(butler(root, ['hook', 'frob'])).toMatchObject({
      code: 2,
      out: '',
      err: 'butler hook: unknown verb frob\n  butler hook --help lists the verbs.\n',
    });
    expect(butler(root, ['hook', 'pre-tool-us']).err.split('\n')[0]).toBe(
      'butler hook: unknown verb pre-tool-us; did you mean pre-tool-use?',
    );
    expect(butler(root, ['hook', 'frob'], ja).err.split('\n')[0]).toBe('butler hook: 不明な動詞 frob');
    for (const opts of [{}, ja])
      expect(butler(root, ['handover', '--help'], opts).out.split('\n')[0]).toMatch(
        /^(usage|使い方): butler handover suspend\|resume\|transfer\|accept\|prepare\|read\|list\|brains\|retire\|share-preview \[/,
      );
    expect(butler(root, ['handover', 'share-previw']).err.split('\n')[0]).toBe(
      'butler handover: unknown verb share-previw; did you mean share-preview?',
    );
  });
});
