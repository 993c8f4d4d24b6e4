// The final newcomer walk-through (#25), items 4 and 5: the vendored runtime suggests a command it lacks and says
// where it is; outside a git repository the error stands alone (the options pointer is for usage errors). Through
// the real CLI bundle and an installed runtime in real git repositories, en and ja; the expected texts are written here.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { butler, tempRepos } from '../helpers/person-cli.js';

const { repo } = tempRepos();
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
      expect.stringMatching(/^ {2}同梱のランタイム（\.butler\/bin\/）にはありません。status は次で実行してください: 完全な CLI: /),
    ]);
    // A command the runtime has: the suggestion alone.
    expect(butler(root, ['wrok'], { bin }).err).toBe(
      'node .butler/bin/butler.mjs: unknown command wrok; did you mean work?\n  node .butler/bin/butler.mjs --help lists the commands.\n',
    );
  });
});
