import { describe, expect, it } from 'vitest';
import { parsePorcelainV2 } from '../../src/work/status.js';

const rec = (...lines: string[]) => lines.join('\0') + '\0';

describe('porcelain v2 parser', () => {
  it('reads branch headers with ahead/behind', () => {
    const st = parsePorcelainV2(rec('# branch.oid abc123', '# branch.head main', '# branch.upstream origin/main', '# branch.ab +2 -1'));
    expect(st).toMatchObject({ head: 'abc123', branch: 'main', upstream: 'origin/main', ahead: 2, behind: 1, entries: [] });
  });

  it('reads a branch with no commits and a detached HEAD', () => {
    expect(parsePorcelainV2(rec('# branch.oid (initial)', '# branch.head main')).head).toBeNull();
    expect(parsePorcelainV2(rec('# branch.oid abc', '# branch.head (detached)')).branch).toBeNull();
  });

  it('keeps spaces in paths and reads renames, conflicts and untracked files', () => {
    const st = parsePorcelainV2(
      rec(
        '1 .M N... 100644 100644 100644 aaa aaa dir/with space.txt',
        '2 R. N... 100644 100644 100644 bbb bbb R100 new name',
        'old name',
        'u UU N... 100644 100644 100644 100644 c1 c2 c3 README.md',
        '? untracked dir/',
      ),
    );
    expect(st.entries).toEqual([
      { kind: 'changed', xy: '.M', path: 'dir/with space.txt' },
      { kind: 'renamed', xy: 'R.', path: 'new name', origPath: 'old name' },
      { kind: 'conflicted', xy: 'UU', path: 'README.md' },
      { kind: 'untracked', xy: '??', path: 'untracked dir/' },
    ]);
  });

  it('has no ahead/behind when the upstream ref is missing', () => {
    const st = parsePorcelainV2(rec('# branch.oid abc', '# branch.head main', '# branch.upstream origin/gone'));
    expect(st.upstream).toBe('origin/gone');
    expect(st.ahead).toBeNull();
  });
});
