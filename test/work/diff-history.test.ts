import { describe, expect, it } from 'vitest';
import { ButlerError } from '../../src/shared/errors.js';
import { diffWork, FULL_CHARS_CAP } from '../../src/work/diff.js';
import { execaGit } from '../../src/work/git.js';
import { HISTORY_MAX, historyWork } from '../../src/work/history.js';
import { commitFile, write } from '../helpers/git-scenarios.js';
import { git, makeRepo } from '../helpers/repo.js';

const diff = (root: string, o: { path?: string; level?: 'stat' | 'full'; recordId?: string } = {}) =>
  diffWork({ projectRoot: root, git: execaGit, lang: 'en', ...o });
const history = (root: string, o: { n?: number; path?: string } = {}) => historyWork({ projectRoot: root, git: execaGit, lang: 'en', ...o });

async function rejects(p: Promise<unknown>): Promise<ButlerError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ButlerError);
  return err as ButlerError;
}

describe('work_diff', () => {
  it('defaults to a stat without the patch body', async () => {
    const { root } = makeRepo();
    write(root, 'README.md', '# test repo\nBODY-LINE\n');
    write(root, 'new.txt', 'n\n');
    const r = await diff(root);
    expect(r.data).toMatchObject({ level: 'stat', file_count: 1, added: 1, deleted: 0, untracked: ['new.txt'] });
    expect(r.data.files).toEqual([{ path: 'README.md', added: 1, deleted: 0 }]);
    expect(JSON.stringify(r)).not.toContain('BODY-LINE');
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
