import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ButlerError } from '../../src/shared/errors.js';
import { diffWork, FULL_CHARS_CAP } from '../../src/work/diff.js';
import { hostGit } from '../helpers/git.js';
import { HISTORY_MAX, historyWork } from '../../src/work/history.js';
import { commitFile, write } from '../helpers/git-scenarios.js';
import { git, makeRepo } from '../helpers/repo.js';

const diff = (root: string, o: { path?: string; level?: 'stat' | 'full'; recordId?: string } = {}) =>
  diffWork({ projectRoot: root, git: hostGit, lang: 'en', ...o });
const history = (root: string, o: { n?: number; path?: string } = {}) => historyWork({ projectRoot: root, git: hostGit, lang: 'en', ...o });

async function rejects(p: Promise<unknown>): Promise<ButlerError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ButlerError);
  return err as ButlerError;
}

describe('work_diff', () => {
  it('defaults to a stat without the patch body', async () => {
    const { root } = makeRepo();
    write(root, 'README.md', '# test repo\nBODY-LINE\n');
    write(root, 'new.txt', 'n\n');
    const r = await diff(root);
    expect(r.data).toMatchObject({ level: 'stat', file_count: 2, added: 2, deleted: 0, untracked: ['new.txt'] });
    expect(r.data.files).toEqual([
      { path: 'README.md', added: 1, deleted: 0 },
      { path: 'new.txt', added: 1, deleted: 0 },
    ]);
    expect(r.summary).toBe('2 changed file(s) (+2 -0), 1 of them new');
    expect(JSON.stringify(r)).not.toContain('BODY-LINE');
  });

  it('shows new files as patches, folders expanded, without touching the index', async () => {
    const { root } = makeRepo();
    write(root, 'README.md', '# test repo\nBODY-LINE\n');
    write(root, 'new.txt', 'NEW-LINE\n');
    write(root, 'dir/sub/deep.txt', 'DEEP-1\nDEEP-2\n');
    write(root, 'dir/bin.dat', '\0\x01binary');
    const index = readFileSync(path.join(root, '.git', 'index'));
    const full = await diff(root, { level: 'full' });
    expect(full.summary).toBe('Unrecorded changes (full)');
    expect(full.data.untracked).toEqual(['dir/bin.dat', 'dir/sub/deep.txt', 'new.txt']);
    const patch = full.data.patch as string;
    expect(patch).toContain('+BODY-LINE');
    expect(patch).toMatch(/diff --git a\/new\.txt b\/new\.txt\nnew file mode 100644\n[^]*\+NEW-LINE/);
    expect(patch).toMatch(/\+\+\+ b\/dir\/sub\/deep\.txt\n@@ -0,0 \+1,2 @@\n\+DEEP-1\n\+DEEP-2/);
    expect(patch).toContain('Binary files /dev/null and b/dir/bin.dat differ');

    const stat = await diff(root);
    expect(stat.data.files).toEqual([
      { path: 'README.md', added: 1, deleted: 0 },
      { path: 'dir/bin.dat', added: null, deleted: null },
      { path: 'dir/sub/deep.txt', added: 2, deleted: 0 },
      { path: 'new.txt', added: 1, deleted: 0 },
    ]);
    expect(stat.data).toMatchObject({ file_count: 4, added: 4 });

    const one = await diff(root, { level: 'full', path: 'dir' });
    expect(one.data.untracked).toEqual(['dir/bin.dat', 'dir/sub/deep.txt']);
    expect(one.data.patch).toContain('+DEEP-1');
    expect(one.data.patch).not.toContain('NEW-LINE');
    const inside = await diff(root, { level: 'full', path: 'dir/sub/deep.txt' });
    expect(inside.data.patch).toContain('+DEEP-2');

    // The user's index is byte for byte as before, the files are still untracked, no copy is left.
    expect(readFileSync(path.join(root, '.git', 'index')).equals(index)).toBe(true);
    expect(git(root, 'status', '--porcelain')).toBe('M README.md\n?? dir/\n?? new.txt');
    expect(readdirSync(path.join(root, '.git')).filter((f) => f.startsWith('butler-'))).toEqual([]);
  });

  it('a new file is capped like any patch', async () => {
    const { root } = makeRepo();
    write(root, 'big.txt', 'y\n'.repeat(FULL_CHARS_CAP));
    const r = await diff(root, { level: 'full' });
    expect(r.data.truncated).toBe(true);
    expect((r.data.patch as string).length).toBe(FULL_CHARS_CAP);
    expect(r.data.hint).toBe('Pass path to see one file.');
  });

  it('new files in a repository without records yet', async () => {
    const base = makeRepo().root;
    git(base, 'checkout', '-q', '--orphan', 'fresh');
    git(base, 'rm', '-q', '-r', '--cached', '.');
    write(base, 'first.txt', 'FIRST\n');
    const r = await diff(base, { level: 'full' });
    expect(r.data.patch).toContain('+FIRST');
  });

  it('returns the patch only with level "full", capped', async () => {
    const { root } = makeRepo();
    write(root, 'README.md', '# test repo\nBODY-LINE\n');
    const r = await diff(root, { level: 'full' });
    expect(r.data.patch).toContain('+BODY-LINE');
    expect(r.data.truncated).toBe(false);
    write(root, 'README.md', 'x'.repeat(FULL_CHARS_CAP * 2));
    const big = await diff(root, { level: 'full' });
    expect(big.data.truncated).toBe(true);
    expect((big.data.patch as string).length).toBe(FULL_CHARS_CAP);
  });

  it('narrows to a path and shows one record with record_id', async () => {
    const { root } = makeRepo();
    commitFile(root, 'a.txt', 'a\n', 'Add a #5');
    commitFile(root, 'b.txt', 'b\n');
    const id = git(root, 'rev-parse', '--short=12', 'HEAD~1');
    const r = await diff(root, { recordId: id });
    expect(r.data.record).toMatchObject({ record_id: id, message: 'Add a #5', issue_ids: [5] });
    expect(r.data.files).toEqual([{ path: 'a.txt', added: 1, deleted: 0 }]);
    const full = await diff(root, { recordId: id, level: 'full' });
    expect(full.data.patch).toContain('+a');
    write(root, 'a.txt', 'changed\n');
    write(root, 'b.txt', 'changed\n');
    expect((await diff(root, { path: 'b.txt' })).data.files).toEqual([{ path: 'b.txt', added: 1, deleted: 1 }]);
  });

  it('refuses path traversal and option-like record ids before git runs', async () => {
    const { root } = makeRepo();
    expect((await rejects(diff(root, { path: '../outside' }))).code).toBe('invalid_argument');
    expect((await rejects(diff(root, { path: '/etc/passwd' }))).code).toBe('invalid_argument');
    expect((await rejects(diff(root, { recordId: '--output=/tmp/x' }))).code).toBe('invalid_argument');
    expect((await rejects(diff(root, { recordId: 'HEAD~1' }))).code).toBe('invalid_argument');
  });

  it('an unknown record id is not_found', async () => {
    const { root } = makeRepo();
    expect((await rejects(diff(root, { recordId: 'deadbeefdead' }))).code).toBe('not_found');
  });

  it('a path that looks like an option or pathspec magic is taken literally', async () => {
    const { root } = makeRepo();
    write(root, 'README.md', 'changed\n');
    const r = await diff(root, { path: '--output=x' });
    expect(r.data.file_count).toBe(0);
    expect((await diff(root, { path: ':(exclude)nothing' })).data.file_count).toBe(0);
  });
});

describe('work_history', () => {
  it('work_history(n?, path?) returns record_id, message, created_at and linked issues, newest first', async () => {
    const { root } = makeRepo();
    commitFile(root, 'a.txt', 'a\n', 'Add a\n\nRefs #7');
    const r = await history(root);
    const records = r.data.records as Record<string, unknown>[];
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ message: 'Add a', issue_ids: [7], author: 'Test' });
    expect(records[0]!.record_id).toBe(git(root, 'rev-parse', '--short=12', 'HEAD'));
    expect(Date.parse(records[0]!.created_at as string)).not.toBeNaN();
  });

  it('defaults to 10 and never returns more than the hard maximum', async () => {
    const { root } = makeRepo();
    for (let i = 0; i < 12; i++) commitFile(root, `f${i}.txt`, `${i}\n`);
    expect((await history(root)).data.records).toHaveLength(10);
    expect((await history(root, { n: 1000 })).data.n).toBe(HISTORY_MAX);
  });

  it('filters by path and refuses traversal', async () => {
    const { root } = makeRepo();
    commitFile(root, 'a.txt', 'a\n', 'touch a');
    commitFile(root, 'b.txt', 'b\n', 'touch b');
    const r = await history(root, { path: 'a.txt' });
    expect((r.data.records as { message: string }[]).map((x) => x.message)).toEqual(['touch a']);
    expect((await rejects(history(root, { path: '../../etc' }))).code).toBe('invalid_argument');
  });

  it('a branch with no commits has an empty history', async () => {
    const { root } = makeRepo();
    git(root, 'checkout', '-q', '--orphan', 'empty');
    expect((await history(root)).data.records).toEqual([]);
  });
});
