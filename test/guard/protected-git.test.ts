// Which protected files work_record sees changed, read with real git (issue #27, docs/decisions.md D34):
// uncommitted and untracked ones in any folder (`changedProtected`), the ones a commit changed against
// its parent or as a first commit (`committedProtected`), and one side of a change (`blobAt`). Fixed
// expected lists written here. In-process, so mutants are seen.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blobAt, changedProtected, committedProtected, protectedChanges } from '../../src/guard/protected.js';
import { spawnGitWith } from '../../src/shared/git-spawn.js';
import { git, makeRepo } from '../helpers/repo.js';

const run = spawnGitWith(process.env);
const write = (root: string, rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
};
const commitAll = (root: string) => {
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'x');
  return git(root, 'rev-parse', 'HEAD');
};

describe('changedProtected', () => {
  it('lists modified, untracked (also in new folders) and deleted protected files, nothing else', async () => {
    const { root } = makeRepo();
    write(root, '.claude/settings.json', '{}');
    write(root, 'app/.butler/config.yaml', 'guard:\n  mode: block\n');
    write(root, 'gone/.mcp.json', '{}');
    commitAll(root);
    write(root, '.claude/settings.json', '{"x":1}');
    write(root, 'app/.butler/config.yaml', 'guard:\n  mode: off\n');
    write(root, 'new/deep/.butler/bin/pre-tool-use.sh', 'evil');
    write(root, '.codex/hooks.json', '{}');
    git(root, 'rm', '-q', 'gone/.mcp.json');
    write(root, 'README.md', 'changed');
    write(root, 'notes/settings.json', '{}');
    write(root, '.butler/other.yaml', 'x');
    expect((await changedProtected(run, root)).sort()).toEqual(
      [
        '.claude/settings.json',
        '.codex/hooks.json',
        'app/.butler/config.yaml',
        'gone/.mcp.json',
        'new/deep/.butler/bin/pre-tool-use.sh',
      ].sort(),
    );
  });

  it('nothing when nothing protected changed, and nothing (not a throw) outside a repository', async () => {
    const { root } = makeRepo();
    write(root, 'README.md', 'changed');
    expect(await changedProtected(run, root)).toEqual([]);
    const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-norepo-')));
    expect(await changedProtected(run, outside)).toEqual([]);
  });
});

describe('committedProtected and blobAt', () => {
  it('a commit’s protected files against its parent; a first commit’s against nothing', async () => {
    const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-first-')));
    git(base, 'init', '-q', '-b', 'main');
    write(base, '.butler/config.yaml', 'guard:\n  mode: off\n');
    write(base, '.gemini/settings.json', '{}');
    write(base, 'README.md', 'x');
    const first = commitAll(base);
    expect((await committedProtected(run, base, null, first)).sort()).toEqual(['.butler/config.yaml', '.gemini/settings.json']);

    write(base, 'sub/.claude/settings.local.json', '{}');
    write(base, '.gemini/settings.json', '{"a":1}');
    write(base, 'README.md', 'y');
    const second = commitAll(base);
    expect((await committedProtected(run, base, first, second)).sort()).toEqual([
      '.gemini/settings.json',
      'sub/.claude/settings.local.json',
    ]);
    expect(await committedProtected(run, base, second, second)).toEqual([]);
    expect(await committedProtected(run, base, first, 'f'.repeat(40))).toEqual([]);

    expect(await blobAt(run, base, first)('.butler/config.yaml')).toBe('guard:\n  mode: off\n');
    expect(await blobAt(run, base, first)('sub/.claude/settings.local.json')).toBeNull();
    expect(await blobAt(run, base, second)('sub/.claude/settings.local.json')).toBe('{}');
    expect(await blobAt(run, base, null)('.butler/config.yaml')).toBeNull();
  });

  it('end to end: a nested client file whose Butler hook was removed, read from two commits', async () => {
    const { root } = makeRepo();
    const hook = JSON.stringify({
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'sh .butler/bin/pre-tool-use.sh' }] }] },
    });
    write(root, 'pkg/.claude/settings.json', hook);
    write(root, 'pkg/.claude/other.json', hook);
    const before = commitAll(root);
    write(root, 'pkg/.claude/settings.json', '{}');
    write(root, 'pkg/.claude/other.json', '{}');
    const after = commitAll(root);
    const paths = await committedProtected(run, root, before, after);
    expect(paths).toEqual(['pkg/.claude/settings.json']);
    expect(
      await protectedChanges(['pkg/.claude/settings.json', 'pkg/.claude/other.json'], blobAt(run, root, before), blobAt(run, root, after)),
    ).toEqual({
      relaxing: [],
      runtime: ['pkg/.claude/settings.json'],
    });
  });
});
