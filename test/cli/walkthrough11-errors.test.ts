// The final newcomer walk-through (#25), items 4 and 5: the vendored runtime suggests a command it lacks and says
// where it is; outside a git repository the error stands alone (the options pointer is for usage errors). Through
// the real CLI bundle and an installed runtime in real git repositories, en and ja; the expected texts are written here.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { butler, tempRepos } from '../helpers/person-cli.js';

const { made, repo } = tempRepos();
const ja = { env: { BUTLER_LANG: 'ja' } };
const FULL =
  "the full CLI: the butler command of an installed package (README: a packed tarball), node /path/to/butler/hooks/butler.mjs from a clone of Butler, or the butler skill's scripts/butler.mjs (.agents/skills/ or .claude/skills/)";

describe('4. the vendored runtime: did you mean, and where a command it lacks is', () => {
  it('statsu: status, not in the runtime; wrok: work (en, ja)', () => {
    const root = repo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    const bin = path.join(root, '.butler', 'bin', 'butler.mjs');
    const typo = butler(root, ['statsu'], { bin });
    expect([typo.code, typo.out, typo.err]).toEqual([
      2,
      '',
      'node .butler/bin/butler.mjs: unknown command statsu; did you mean status?\n' +
        `  not in the vendored runtime (.butler/bin/); run status with ${FULL}\n` +
        '  node .butler/bin/butler.mjs --help lists the commands.\n',
    ]);
    expect(
      butler(root, ['statsu'], { bin, ...ja })
        .err.split('\n')
        .slice(0, 2),
    ).toEqual([
      'node .butler/bin/butler.mjs: 不明なコマンド statsu。もしかして status？',
      expect.stringMatching(/^ {2}同梱のランタイム（\.butler\/bin\/）にはありません。status は完全な CLI で実行してください: /),
    ]);
    // A command the runtime has: the suggestion alone.
    expect(butler(root, ['wrok'], { bin }).err).toBe(
      'node .butler/bin/butler.mjs: unknown command wrok; did you mean work?\n  node .butler/bin/butler.mjs --help lists the commands.\n',
    );
  });
});

describe('5. outside a git repository: the error alone, no pointer to the options', () => {
  it('work observe, issue list, handover share-preview (en, ja); a bad flag keeps its pointer', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'butler-nogit-'));
    made(dir);
    for (const verb of [
      ['work', 'observe'],
      ['issue', 'list'],
      ['handover', 'share-preview'],
    ]) {
      const r = butler(dir, verb);
      expect([r.code, r.out, r.err], verb.join(' ')).toEqual([
        2,
        '',
        `butler ${verb.join(' ')}: ${dir} is not in a git repository: run \`git init\` there first, or pass --project with your repository\n`,
      ]);
      expect(butler(dir, verb, ja).err.split('\n')).toEqual([
        `butler ${verb.join(' ')}: ${dir} は git リポジトリの中にありません: まずそこで \`git init\` を実行するか、--project にリポジトリを指定してください`,
        '',
      ]);
    }
    expect(butler(dir, ['work', 'observe', '--bogus']).err).toBe(
      'butler work observe: unknown flag --bogus\n  butler work observe --help lists its options.\n',
    );
  });
});
