// readHeadFromFiles against real git: whatever it answers must be what git says; what it cannot read
// (symref, reftable, unborn branch, odd names) must answer null so the caller asks git.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitDirs, pinGitDirs, readHeadFromFiles } from '../../src/shared/git-refs.js';
import { git, makeRepo } from '../helpers/repo.js';

/** What git itself says: branch (null when detached) and HEAD. */
function fromGit(root: string) {
  let branch: string | null = null;
  try {
    branch = git(root, 'symbolic-ref', '-q', '--short', 'HEAD') || null;
  } catch {
    branch = null;
  }
  return { branch, head: git(root, 'rev-parse', 'HEAD') };
}

describe('readHeadFromFiles (branch and HEAD without git)', () => {
  it('a normal repository, a nested branch name, and after a new commit', () => {
    const { root } = makeRepo();
    expect(readHeadFromFiles(root)).toEqual({ branch: 'main', head: fromGit(root).head });
    git(root, 'checkout', '-q', '-b', 'feat/deep/name');
    git(root, 'commit', '-q', '--allow-empty', '-m', 'two');
    expect(readHeadFromFiles(root)).toEqual(fromGit(root));
    expect(readHeadFromFiles(root)?.branch).toBe('feat/deep/name');
  });

  it('packed refs after `git pack-refs --all`, and a loose ref newer than the packed one', () => {
    const { root } = makeRepo();
    git(root, 'checkout', '-q', '-b', 'packed/one');
    git(root, 'commit', '-q', '--allow-empty', '-m', 'two');
    git(root, 'tag', '-a', '-m', 'peeled', 'v1');
    git(root, 'pack-refs', '--all');
    expect(readHeadFromFiles(root)).toEqual(fromGit(root));
    git(root, 'commit', '-q', '--allow-empty', '-m', 'three');
    expect(readHeadFromFiles(root)).toEqual(fromGit(root));
  });

  it('a detached HEAD', () => {
    const { root } = makeRepo();
    git(root, 'commit', '-q', '--allow-empty', '-m', 'two');
    git(root, 'checkout', '-q', '--detach', 'HEAD~1');
    expect(readHeadFromFiles(root)).toEqual({ branch: null, head: fromGit(root).head });
  });

  it('a linked worktree (`.git` file, commondir), with packed refs too', () => {
    const { root } = makeRepo();
    const wt = path.join(path.dirname(root), 'wt');
    git(root, 'worktree', 'add', '-q', '-b', 'side', wt);
    git(wt, 'commit', '-q', '--allow-empty', '-m', 'on side');
    expect(readHeadFromFiles(wt)).toEqual({ branch: 'side', head: fromGit(wt).head });
    expect(readHeadFromFiles(root)).toEqual(fromGit(root));
    git(root, 'pack-refs', '--all');
    expect(readHeadFromFiles(wt)).toEqual(fromGit(wt));
    git(wt, 'checkout', '-q', '--detach');
    expect(readHeadFromFiles(wt)).toEqual({ branch: null, head: fromGit(wt).head });
  });

  it('answers null (ask git) for an unborn branch, a symref, a reftable store, an odd ref name, no .git', () => {
    const { root } = makeRepo();
    git(root, 'checkout', '-q', '--orphan', 'unborn');
    expect(readHeadFromFiles(root)).toBeNull();
    git(root, 'checkout', '-q', '-f', 'main');
    git(root, 'symbolic-ref', 'refs/heads/alias', 'refs/heads/main');
    git(root, 'symbolic-ref', 'HEAD', 'refs/heads/alias');
    expect(git(root, 'rev-parse', 'HEAD')).toBe(git(root, 'rev-parse', 'main')); // git follows the chain
    expect(readHeadFromFiles(root)).toBeNull();
    git(root, 'symbolic-ref', 'HEAD', 'refs/heads/main');
    expect(readHeadFromFiles(root)?.branch).toBe('main');
    // git 2.45+ `--ref-format=reftable` keeps refs in .git/reftable/; its presence alone sends us to git.
    mkdirSync(path.join(root, '.git', 'reftable'));
    expect(readHeadFromFiles(root)).toBeNull();
    const { root: other } = makeRepo();
    writeFileSync(path.join(other, '.git', 'HEAD'), 'ref: refs/heads/../../config\n');
    expect(readHeadFromFiles(other)).toBeNull();
    writeFileSync(path.join(other, '.git', 'HEAD'), 'ref: refs/tags/v1\n');
    expect(readHeadFromFiles(other)).toBeNull();
    expect(readHeadFromFiles(path.dirname(other))).toBeNull();
  });
});

describe('gitDirs sees each change of `.git` at once (nothing remembered unless pinned)', () => {
  it('a commondir file added, then removed, and `.git` replaced by a worktree file: each seen at once', () => {
    const { root } = makeRepo();
    const dotGit = path.join(root, '.git');
    expect(gitDirs(root)).toEqual({ gitDir: dotGit, common: dotGit });
    const other = path.join(root, 'elsewhere');
    mkdirSync(other);
    writeFileSync(path.join(dotGit, 'commondir'), '../elsewhere\n');
    expect(gitDirs(root)).toEqual({ gitDir: dotGit, common: other });
    rmSync(path.join(dotGit, 'commondir'));
    expect(gitDirs(root)).toEqual({ gitDir: dotGit, common: dotGit });
    // What a caller does with the answer does not change the next one.
    const seen = gitDirs(root)!;
    seen.common = '/tmp';
    expect(gitDirs(root)).toEqual({ gitDir: dotGit, common: dotGit });
    renameSync(dotGit, path.join(root, 'moved.git'));
    writeFileSync(dotGit, 'gitdir: moved.git\n');
    expect(gitDirs(root)).toEqual({ gitDir: path.join(root, 'moved.git'), common: path.join(root, 'moved.git') });
    rmSync(dotGit);
    expect(gitDirs(root)).toBeNull();
  });
});

// Last in this file: pinning lasts for the process, as in the SessionStart hook that calls it.
describe('pinGitDirs: a hook process reads each repository’s git dirs once', () => {
  it('after the pin, a later change of `.git` is not read again; another repository is read once too', () => {
    const { root } = makeRepo();
    const dotGit = path.join(root, '.git');
    pinGitDirs();
    expect(gitDirs(root)).toEqual({ gitDir: dotGit, common: dotGit });
    mkdirSync(path.join(root, 'elsewhere'));
    writeFileSync(path.join(dotGit, 'commondir'), '../elsewhere\n');
    expect(gitDirs(root)).toEqual({ gitDir: dotGit, common: dotGit });
    const seen = gitDirs(root)!;
    seen.common = '/tmp';
    expect(gitDirs(root)).toEqual({ gitDir: dotGit, common: dotGit });
    const other = makeRepo().root;
    const otherGit = path.join(other, '.git');
    expect(gitDirs(other)).toEqual({ gitDir: otherGit, common: otherGit });
    // Read once: its own later change is not read either (a cache of the first repository alone would).
    mkdirSync(path.join(other, 'elsewhere'));
    writeFileSync(path.join(otherGit, 'commondir'), '../elsewhere\n');
    expect(gitDirs(other)).toEqual({ gitDir: otherGit, common: otherGit });
  });
});
