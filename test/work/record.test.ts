import { chmodSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ButlerError } from '../../src/shared/errors.js';
import { hostGit } from '../helpers/git.js';
import type { GitRunner } from '../../src/shared/git.js';
import { composeMessage, NOTHING_TO_RECORD_HINT, recordWork, resolveIssueLinks } from '../../src/work/record.js';
import { lockIndex, mergeConflict, write } from '../helpers/git-scenarios.js';
import { git, makeRepo } from '../helpers/repo.js';

const record = (root: string, message: string, issueIds?: number[], defaultIssue: number | null = null, runner: GitRunner = hostGit) =>
  recordWork({ projectRoot: root, message, issueIds, defaultIssue, git: runner, lang: 'en' });

async function rejects(p: Promise<unknown>): Promise<ButlerError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ButlerError);
  return err as ButlerError;
}

describe('work_record issue links', () => {
  it('work_record uses the default issue when issue_ids is omitted', async () => {
    const { root } = makeRepo();
    write(root, 'a.txt', 'a\n');
    const r = await record(root, 'Add a', undefined, 50);
    expect(r.data).toMatchObject({ issue_ids: [50], link_source: 'default_issue' });
    expect(git(root, 'log', '-1', '--format=%B')).toBe('Add a\n\nRefs #50');
  });

  it('work_record without a default issue records with no link and succeeds', async () => {
    const { root } = makeRepo();
    write(root, 'a.txt', 'a\n');
    const r = await record(root, 'Add a');
    expect(r.status).toBe('ok');
    expect(r.data).toMatchObject({ issue_ids: [], link_source: 'none' });
    expect(git(root, 'log', '-1', '--format=%B')).toBe('Add a');
  });

  it('work_record(issue_ids=[]) explicitly links nothing even with a default issue', async () => {
    const { root } = makeRepo();
    write(root, 'a.txt', 'a\n');
    const r = await record(root, 'Add a', [], 50);
    expect(r.data).toMatchObject({ issue_ids: [], link_source: 'none' });
    expect(git(root, 'log', '-1', '--format=%B')).not.toContain('#50');
  });

  it('work_record(issue_ids=[..]) links those issues instead of the default', async () => {
    const { root } = makeRepo();
    write(root, 'a.txt', 'a\n');
    const r = await record(root, 'Fix #3 properly', [3, 4], 50);
    expect(r.data).toMatchObject({ issue_ids: [3, 4], link_source: 'explicit' });
    expect(git(root, 'log', '-1', '--format=%B')).toBe('Fix #3 properly\n\nRefs #4');
  });

  it('resolves the three cases and does not re-add a link already in the text', () => {
    expect(resolveIssueLinks(undefined, null)).toEqual({ issue_ids: [], link_source: 'none' });
    expect(resolveIssueLinks([2, 2], 9)).toEqual({ issue_ids: [2], link_source: 'explicit' });
    expect(composeMessage('see #12', [12])).toBe('see #12\n');
    expect(composeMessage('see #123', [12])).toBe('see #123\n\nRefs #12\n');
  });
});

describe('work_record behaviour', () => {
  it('stages every change, including new and deleted files, and returns the record id', async () => {
    const { root } = makeRepo();
    write(root, 'new/file.txt', 'n\n');
    git(root, 'rm', '-q', 'README.md');
    const r = await record(root, 'Restructure');
    expect(r.data.record_id).toBe(git(root, 'rev-parse', '--short=12', 'HEAD'));
    expect(git(root, 'status', '--porcelain')).toBe('');
    expect(git(root, 'show', '--name-status', '--format=', 'HEAD').split('\n').sort()).toEqual(['A\tnew/file.txt', 'D\tREADME.md']);
  });

  it('work_record with nothing to record returns policy_blocked with the D27 hint and does not commit', async () => {
    const { root } = makeRepo();
    const before = git(root, 'rev-parse', 'HEAD');
    const calls: string[][] = [];
    const spy: GitRunner = (cwd, args, o) => (calls.push([...args]), hostGit(cwd, args, o));
    const err = await rejects(record(root, 'nothing', undefined, null, spy));
    expect(err.code).toBe('policy_blocked');
    expect(err.hint).toBe(NOTHING_TO_RECORD_HINT);
    expect(err.hint).toContain('work_observe');
    expect(calls.some((a) => a.includes('commit') || a.includes('add'))).toBe(false);
    expect(git(root, 'rev-parse', 'HEAD')).toBe(before);
  });

  it('a message that looks like an option is only ever a message', async () => {
    const { root } = makeRepo();
    write(root, 'a.txt', 'a\n');
    await record(root, '--amend --no-verify');
    expect(git(root, 'log', '-1', '--format=%s')).toBe('--amend --no-verify');
    expect(git(root, 'rev-list', '--count', 'HEAD')).toBe('2');
  });

  it('refuses while a merge conflict is in progress (policy_blocked, says which)', async () => {
    const { root } = makeRepo();
    mergeConflict(root);
    const err = await rejects(record(root, 'resolve'));
    expect(err.code).toBe('policy_blocked');
    expect(err.message).toContain('merge is in progress');
    expect(err.data.blocked_by).toEqual(['merge', 'conflicts']);
  });

  it('index.lock present gives a clear error and leaves it alone', async () => {
    const { root } = makeRepo();
    write(root, 'a.txt', 'a\n');
    lockIndex(root);
    const err = await rejects(record(root, 'a'));
    expect(err.code).toBe('backend_error');
    expect(err.message).toContain('index.lock');
    expect(err.hint).toContain('index.lock');
  });

  it('a refused commit (signing fails) is an error with git output only in the diagnostic', async () => {
    const { root } = makeRepo();
    // Repository hooks never run for Butler (src/shared/git.ts GIT_SAFETY); a failing signing program still refuses the commit.
    write(root, '../nosign', '#!/bin/sh\necho HOOK-SAYS-NO >&2\nexit 1\n');
    chmodSync(`${root}/../nosign`, 0o755);
    git(root, 'config', 'commit.gpgsign', 'true');
    git(root, 'config', 'gpg.program', `${root}/../nosign`);
    write(root, 'a.txt', 'a\n');
    const err = await rejects(record(root, 'a'));
    expect(err.code).toBe('backend_error');
    expect(err.message).not.toContain('gpg failed');
    expect(err.diagnostic).toContain('gpg failed to sign');
  });

  it("never records Butler's private session_logs/ folder, and it alone is nothing to record", async () => {
    const { root } = makeRepo();
    write(root, 'session_logs/brain_registry.json', '{}');
    expect((await rejects(record(root, 'x'))).code).toBe('policy_blocked');
    write(root, 'a.txt', 'a\n');
    await record(root, 'Add a');
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD')).toBe('a.txt');
  });

  it('records normally once session_logs/ is git-ignored, as install and the first snapshot leave it', async () => {
    const { root } = makeRepo();
    write(root, '.gitignore', '# Butler handover snapshots (private)\nsession_logs/\n');
    write(root, 'session_logs/handover/index.json', '{}');
    write(root, 'a.txt', 'a\n');
    await record(root, 'Add a');
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual(['.gitignore', 'a.txt']);
    expect(git(root, 'status', '--porcelain')).toBe('');
  });
});
