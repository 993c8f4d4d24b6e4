// The guard cannot be relaxed by the agent it guards: work_record refuses to commit a relaxation,
// and `butler guard` (a person at a terminal) is how it is done.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { changeGuard } from '../../src/guard/settings.js';
import { ButlerError } from '../../src/shared/errors.js';
import { hostGit } from '../helpers/git.js';
import { recordWork } from '../../src/work/record.js';
import { write } from '../helpers/git-scenarios.js';
import { git, makeRepo } from '../helpers/repo.js';

const record = (root: string) => recordWork({ projectRoot: root, message: 'm', defaultIssue: null, git: hostGit, lang: 'en' });

function io(cwd: string, answer?: string): CliIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    cwd,
    env: { ...process.env, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@e' },
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    readStdin: async () => '',
    ...(answer === undefined ? {} : { ask: async () => answer }),
    out,
    err,
  };
}

describe('work_record and the guard settings', () => {
  it.each([
    ['mode: off', 'guard:\n  mode: off\n'],
    ['allow: [push]', 'guard:\n  allow: [push]\n'],
    ['in a subfolder', null],
  ])('refuses a change that relaxes the guard (%s) with policy_blocked naming butler guard', async (_n, text) => {
    const { root } = makeRepo();
    write(root, text === null ? 'pkg/.butler/config.yaml' : '.butler/config.yaml', text ?? 'guard: {mode: warn}\n');
    write(root, 'a.txt', 'a\n');
    const err = await record(root).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ButlerError);
    expect((err as ButlerError).code).toBe('policy_blocked');
    expect((err as ButlerError).hint).toContain('butler guard allow');
    expect(git(root, 'log', '--format=%s')).toBe('initial');
  });

  it('records a change that tightens the guard, and unrelated config changes', async () => {
    const { root } = makeRepo();
    write(root, '.butler/config.yaml', 'guard:\n  allow: [fetch]\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'config');
    write(root, '.butler/config.yaml', 'lang: en\nguard:\n  allow: []\n');
    const r = await record(root);
    expect(r.status).toBe('ok');
  });
});

describe('butler guard', () => {
  it('status shows the committed, work-tree and applied settings', async () => {
    const { root } = makeRepo();
    write(root, '.butler/config.yaml', 'guard:\n  mode: off\n');
    const c = io(root);
    expect(await runCli(['guard', 'status', '--json'], c)).toBe(0);
    expect(JSON.parse(c.out.join(''))).toEqual({
      status: 'ok',
      summary: 'guard: mode block, allow []',
      data: {
        work_tree: { allow: [], mode: 'off' },
        committed: { allow: [], mode: 'block' },
        effective: { allow: [], mode: 'block' },
      },
    });
  });

  it('refuses to change anything without a terminal (an agent shell)', async () => {
    const { root } = makeRepo();
    const c = io(root);
    expect(await runCli(['guard', 'allow', 'push'], c)).toBe(3);
    expect(c.err.join('')).toContain('needs a person at a terminal');
    expect(git(root, 'log', '--format=%s')).toBe('initial');
  });

  it('with a person confirming: writes and commits only the config, keeping the rest of the file', async () => {
    const { root } = makeRepo();
    write(root, '.butler/config.yaml', '# team settings\nlang: en\n');
    write(root, 'wip.txt', 'staged work\n');
    git(root, 'add', 'wip.txt');
    expect(await runCli(['guard', 'allow', 'fetch', 'ls-files'], io(root, 'y'))).toBe(0);
    expect(git(root, 'log', '-1', '--format=%s')).toBe('butler guard: allow fetch ls-files');
    expect(git(root, 'show', 'HEAD:.butler/config.yaml')).toBe(
      '# team settings\nlang: en\nguard:\n  mode: block\n  allow: [fetch, ls-files]',
    );
    expect(git(root, 'diff', '--cached', '--name-only')).toBe('wip.txt');
    expect(await runCli(['guard', 'mode', 'warn'], io(root, 'no'))).toBe(1);
    expect(await runCli(['guard', 'deny', 'fetch'], io(root, 'yes'))).toBe(0);
    const c = io(root);
    await runCli(['guard', 'status', '--json'], c);
    expect(JSON.parse(c.out.join('')).data.effective).toEqual({ allow: ['ls-files'], mode: 'block' });
    expect(await runCli(['guard', 'mode', 'blok'], io(root, 'y'))).toBe(2);
  });

  it('never writes through a .butler that is a link out of the project', async () => {
    const { root } = makeRepo();
    const outside = path.join(path.dirname(root), 'elsewhere');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'config.yaml'), 'lang: en\n');
    symlinkSync(outside, path.join(root, '.butler'));
    const err = await changeGuard(hostGit, root, { allow: ['fetch'] }).catch((e: unknown) => e);
    expect((err as ButlerError).code).toBe('policy_blocked');
    expect(readFileSync(path.join(outside, 'config.yaml'), 'utf8')).toBe('lang: en\n');
    expect(git(root, 'log', '--format=%s')).toBe('initial');
  });
});
