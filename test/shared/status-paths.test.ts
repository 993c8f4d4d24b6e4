// statusPaths (src/shared/git.ts): the one reader of `git status --porcelain -z` for install's uninstall note and
// the guard's protected files. Real git: a staged rename names both paths whole (without --no-renames, -z gives
// the old path as an entry of its own and slicing its status columns cut it).
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { statusPaths } from '../../src/shared/git.js';
import { hostGit } from '../helpers/git.js';
import { git, makeRepo } from '../helpers/repo.js';

const { root } = makeRepo();
afterAll(() => rmSync(path.dirname(root), { recursive: true, force: true }));

describe('statusPaths', () => {
  it('names a renamed file by both paths, whole; null when git fails', async () => {
    writeFileSync(path.join(root, 'old-name.txt'), 'a\n');
    writeFileSync(path.join(root, 'kept.txt'), 'k\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'files');
    git(root, 'mv', 'old-name.txt', 'new-name.txt');
    writeFileSync(path.join(root, 'kept.txt'), 'k2\n');
    const paths = await statusPaths(hostGit, root, ['--untracked-files=no']);
    expect(paths?.sort()).toEqual(['kept.txt', 'new-name.txt', 'old-name.txt']);
    // The parent folder is no repository: git exits 128.
    expect(await statusPaths(hostGit, path.dirname(root), [])).toBe(null);
  });
});
