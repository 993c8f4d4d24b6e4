import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGit } from '../../src/work/git.js';
import { hostGit } from '../helpers/git.js';
import type { GitRunner } from '../../src/shared/git.js';
import { DIRTY_FILES_CAP, observeWork } from '../../src/work/observe.js';
import { STATUS_ARGS } from '../../src/work/status.js';
import { cherryPickConflict, commitFile, detachHead, lockIndex, mergeConflict, rebaseConflict, write } from '../helpers/git-scenarios.js';
import { git, makeRepo } from '../helpers/repo.js';

const observe = (projectRoot: string | null, defaultIssue: number | null = null, runner: GitRunner = hostGit) =>
  observeWork({ projectRoot, defaultIssue, git: runner, lang: 'en' });

describe('observeWork: work states', () => {
  it('work_observe returns uninitialized before work_session_start', async () => {
    const r = await observe(null);
    expect(r.status).toBe('ok');
    expect(r.data.work_state).toBe('uninitialized');
    expect(r.data.required_action).toMatchObject({ tool: 'work_session_start', required_args: ['project_root'] });
  });

  it('work_observe returns clean_idle with available_next and no required_action', async () => {
    const { root } = makeRepo({ withRemote: true });
    const r = await observe(root);
    expect(r.data).toMatchObject({ work_state: 'clean_idle', branch: 'main', dirty_count: 0, unpublished_count: 0, required_action: null });
    expect(r.data.head).toMatch(/^[0-9a-f]{40}$/);
    expect(r.data.available_next?.length).toBeGreaterThan(0);
    expect(r.data.upstream).toMatchObject({ ref: 'origin/main', status: 'tracking', ahead: 0, behind: 0 });
  });

  it('returns clean_with_active_issue when a default issue is set', async () => {
    const { root } = makeRepo({ withRemote: true });
    const r = await observe(root, 7);
    expect(r.data.work_state).toBe('clean_with_active_issue');
    expect(r.data.default_issue).toBe(7);
  });

  it('work_observe returns dirty with paths and a structured work_record action, never diff bodies', async () => {
    const { root } = makeRepo({ withRemote: true });
    write(root, 'README.md', 'SECRET-BODY-LINE\n');
    write(root, 'src/new file.ts', 'x\n');
    const r = await observe(root);
    expect(r.data.work_state).toBe('dirty');
    expect(r.data.dirty_count).toBe(2);
    expect(r.data.dirty_files).toEqual(expect.arrayContaining(['README.md', 'src/']));
    expect(r.data.required_action).toMatchObject({ tool: 'work_record', required_args: ['message'] });
    expect(JSON.stringify(r)).not.toContain('SECRET-BODY-LINE');
  });

  it('work_observe returns recorded_unpublished with the unpublished count', async () => {
    const { root } = makeRepo({ withRemote: true });
    commitFile(root, 'a.txt', 'a\n');
    commitFile(root, 'b.txt', 'b\n');
    const r = await observe(root);
    expect(r.data).toMatchObject({ work_state: 'recorded_unpublished', unpublished_count: 2 });
    // Publishing needs the user (issue 22): never the required action, a field of its own.
    expect(r.data.required_action).toBeNull();
    expect(r.data.ask_user_first?.tool).toBe('work_publish');
  });

  it('returns dirty_and_unpublished', async () => {
    const { root } = makeRepo({ withRemote: true });
    commitFile(root, 'a.txt', 'a\n');
    write(root, 'b.txt', 'b\n');
    const r = await observe(root);
    expect(r.data).toMatchObject({ work_state: 'dirty_and_unpublished', unpublished_count: 1, dirty_count: 1 });
    expect(r.data.required_action?.tool).toBe('work_record');
  });

  it('says how upstream was judged when the branch has no upstream (unknown, count null)', async () => {
    const { root } = makeRepo({ withRemote: true });
    git(root, 'checkout', '-q', '-b', 'feature');
    const r = await observe(root);
    expect(r.data.work_state).toBe('unknown');
    expect(r.data.unpublished_count).toBeNull();
    expect(r.data.upstream).toMatchObject({ status: 'not_configured', ref: null });
    expect(r.data.upstream?.judged_by).toContain('no upstream');
  });

  it('caps dirty_files and flags the truncation', async () => {
    const { root } = makeRepo();
    for (let i = 0; i < DIRTY_FILES_CAP + 5; i++) write(root, `f${i}.txt`, 'x');
    const r = await observe(root);
    expect(r.data.dirty_count).toBe(DIRTY_FILES_CAP + 5);
    expect(r.data.dirty_files).toHaveLength(DIRTY_FILES_CAP);
    expect(r.data.dirty_files_truncated).toBe(true);
  });

  it('costs exactly one git call (git status --porcelain=v2 --branch)', async () => {
    const { root } = makeRepo({ withRemote: true });
    const calls: string[][] = [];
    const spy: GitRunner = (cwd, args, o) => (calls.push([...args]), hostGit(cwd, args, o));
    await observe(root, null, spy);
    expect(calls).toEqual([[...STATUS_ARGS]]);
  });
});

describe('observeWork: blocked says which', () => {
  it('merge in progress with conflicts', async () => {
    const { root } = makeRepo();
    mergeConflict(root);
    const r = await observe(root);
    expect(r.data.work_state).toBe('blocked');
    expect(r.data.blocked_by).toEqual(['merge', 'conflicts']);
    expect(r.data.conflicted_files).toEqual(['README.md']);
    expect(r.summary).toMatch(/merge is in progress/);
  });

  it('rebase in progress', async () => {
    const { root } = makeRepo();
    rebaseConflict(root);
    const r = await observe(root);
    expect(r.data.blocked_by).toEqual(['rebase', 'conflicts']);
  });

  it('cherry-pick in progress', async () => {
    const { root } = makeRepo();
    cherryPickConflict(root);
    expect((await observe(root)).data.blocked_by).toEqual(['cherry_pick', 'conflicts']);
  });

  it('detached HEAD', async () => {
    const { root } = makeRepo({ withRemote: true });
    detachHead(root);
    const r = await observe(root);
    expect(r.data).toMatchObject({ work_state: 'blocked', blocked_by: ['detached_head'], branch: null });
    expect(r.data.upstream?.status).toBe('detached');
  });

  it('index.lock present', async () => {
    const { root } = makeRepo({ withRemote: true });
    lockIndex(root);
    const r = await observe(root);
    expect(r.data).toMatchObject({ work_state: 'blocked', blocked_by: ['index_locked'] });
    expect(r.summary).toContain('index.lock');
  });
});

describe('observeWork: clear errors', () => {
  it('not a git repository', async () => {
    const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-nogit-')));
    const r = await observe(dir);
    expect(r.status).toBe('error');
    expect(r.error_code).toBe('not_found');
    expect(r.summary).toBe('The project folder is not a git repository');
    expect(r.data.work_state).toBe('unknown');
  });

  it('git missing', async () => {
    const { root } = makeRepo();
    const r = await observe(root, null, createGit(process.env, path.join(os.tmpdir(), 'no-such-git-binary')));
    expect(r.status).toBe('error');
    expect(r.error_code).toBe('backend_error');
    expect(r.summary).toBe('git is not installed or not on PATH');
  });

  it('observes the whole work tree from a subfolder', async () => {
    const { root } = makeRepo({ withRemote: true });
    mkdirSync(path.join(root, 'sub'));
    write(root, 'top.txt', 'x');
    const r = await observe(path.join(root, 'sub'));
    expect(r.data.project_root).toBe(root);
    expect(r.data.dirty_files).toEqual(['top.txt']);
    rmSync(path.join(root, 'top.txt'));
  });
});
