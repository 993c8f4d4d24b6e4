// The person's guard-settings writer (`butler guard allow|deny|mode`, behind the person-only consent of
// src/cli/commands/guard.ts) and the reader `butler guard status` shows: fixed expected texts, real
// repositories, real git (issue #27: src/guard/settings.ts held 70% of its mutants).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeGuard, gitSubcommands, readGuardSettings, withGuardSection } from '../../src/guard/settings.js';
import { spawnGitWith } from '../../src/shared/git-spawn.js';
import { hostGit } from '../helpers/git.js';
import { write } from '../helpers/git-scenarios.js';
import { git, makeRepo } from '../helpers/repo.js';

const BLOCK = { mode: 'block', allow: [] };
const config = (root: string) => readFileSync(path.join(root, '.butler/config.yaml'), 'utf8');
const committed = (root: string) => git(root, 'show', 'HEAD:.butler/config.yaml');
const subjects = (root: string) => git(root, 'log', '--format=%s').split('\n');

describe('withGuardSection', () => {
  it.each([
    ['an empty file', '', 'guard:\n  mode: block\n  allow: []\n'],
    ['a file without a guard section', 'lang: en\n', 'lang: en\nguard:\n  mode: block\n  allow: []\n'],
    ['trailing blank lines', 'lang: en\n\n\n\n', 'lang: en\nguard:\n  mode: block\n  allow: []\n'],
    ['no final newline', '# team\nlang: ja', '# team\nlang: ja\nguard:\n  mode: block\n  allow: []\n'],
    ['only a guard section', 'guard:\n  mode: off\n  allow: [push]\n', 'guard:\n  mode: block\n  allow: []\n'],
    ['a guard section of one line at the end', 'lang: en\nguard: {mode: off}', 'lang: en\nguard:\n  mode: block\n  allow: []\n'],
    [
      'a guard section in the middle (its indented and blank lines go, the next key stays)',
      '# team settings\nlang: en\nguard:\n  mode: off\n\n  allow: [push]\n\t# tab-indented\n\nissues:\n  dir: x\n',
      '# team settings\nlang: en\nissues:\n  dir: x\nguard:\n  mode: block\n  allow: []\n',
    ],
    ['a key spelled "guard :"', 'guard :\n  mode: off\nlang: en\n', 'lang: en\nguard:\n  mode: block\n  allow: []\n'],
    [
      'look-alikes that are not the top-level guard key',
      'guardian: x\nhooks:\n  guard: off\n# guard: off\n',
      'guardian: x\nhooks:\n  guard: off\n# guard: off\nguard:\n  mode: block\n  allow: []\n',
    ],
  ])('%s', (_name, text, expected) => {
    expect(withGuardSection(text, { mode: 'block', allow: [] })).toBe(expected);
  });

  it('writes the mode and every allowed subcommand, comma-separated', () => {
    expect(withGuardSection('lang: en\n', { mode: 'warn', allow: ['fetch', 'ls-files', 'log'] })).toBe(
      'lang: en\nguard:\n  mode: warn\n  allow: [fetch, ls-files, log]\n',
    );
  });
});

describe('readGuardSettings', () => {
  it('no config anywhere: block, nothing allowed, for all three', async () => {
    const { root } = makeRepo();
    expect(await readGuardSettings(hostGit, root)).toEqual({ work_tree: BLOCK, committed: BLOCK, effective: BLOCK });
  });

  it('the work-tree file and the committed one, each as written; what applies is the stricter of both', async () => {
    const { root } = makeRepo();
    write(root, '.butler/config.yaml', 'guard:\n  mode: warn\n  allow: [fetch, log]\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'config');
    write(root, '.butler/config.yaml', 'lang: en\nguard:\n  mode: off\n  allow: [push, fetch]\n');
    expect(await readGuardSettings(hostGit, root)).toEqual({
      work_tree: { mode: 'off', allow: ['push', 'fetch'] },
      committed: { mode: 'warn', allow: ['fetch', 'log'] },
      effective: { mode: 'warn', allow: ['fetch'] },
    });
  });

  it('a committed file deleted from the work tree: the work tree reads as the default, the committed one as committed', async () => {
    const { root } = makeRepo();
    write(root, '.butler/config.yaml', 'guard:\n  mode: off\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'config');
    rmSync(path.join(root, '.butler/config.yaml'));
    expect(await readGuardSettings(hostGit, root)).toEqual({
      work_tree: BLOCK,
      committed: { mode: 'off', allow: [] },
      effective: BLOCK,
    });
  });

  it('a repository without a commit, or a config that is a folder: the default, no throw', async () => {
    const { root } = makeRepo();
    const fresh = path.join(path.dirname(root), 'fresh');
    git(path.dirname(root), 'init', '-q', fresh);
    write(fresh, '.butler/config.yaml', 'guard:\n  mode: warn\n');
    expect(await readGuardSettings(hostGit, fresh)).toEqual({
      work_tree: { mode: 'warn', allow: [] },
      committed: BLOCK,
      effective: BLOCK,
    });
    mkdirSync(path.join(root, '.butler/config.yaml'), { recursive: true });
    expect(await readGuardSettings(hostGit, root)).toEqual({ work_tree: BLOCK, committed: BLOCK, effective: BLOCK });
  });
});

describe('gitSubcommands', () => {
  it('what git lists here: its own, aliases of the repository; each once, trimmed; null when git cannot list', async () => {
    const { root } = makeRepo();
    git(root, 'config', 'alias.sync-all', 'fetch --all');
    const known = await gitSubcommands(hostGit, root);
    expect(known).toEqual(expect.arrayContaining(['fetch', 'ls-files', 'commit', 'sync-all']));
    expect(known).not.toContain('frobnicate');
    const calls: (readonly string[])[] = [];
    const listed = async (_cwd: string, args: readonly string[]) => {
      calls.push(args);
      return { stdout: 'fetch\n\n log \nfetch\nlfs\n', stderr: '', exitCode: 0 };
    };
    expect(await gitSubcommands(listed, root)).toEqual(['fetch', 'log', 'lfs']);
    expect(calls).toEqual([['--list-cmds=main,others,alias']]);
    expect(await gitSubcommands(async () => ({ stdout: 'fetch\n', stderr: 'unknown option', exitCode: 129 }), root)).toBeNull();
  });
});

describe('changeGuard', () => {
  it('allow: adds each name once, keeps the mode, commits only the config with a message naming the change', async () => {
    const { root } = makeRepo();
    write(root, '.butler/config.yaml', 'lang: en\nguard:\n  mode: warn\n  allow: [fetch]\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'config');
    write(root, 'wip.txt', 'staged\n');
    git(root, 'add', 'wip.txt');
    expect(await changeGuard(hostGit, root, { allow: ['fetch', 'push', 'push'] })).toEqual({ mode: 'warn', allow: ['fetch', 'push'] });
    const expected = 'lang: en\nguard:\n  mode: warn\n  allow: [fetch, push]\n';
    expect(config(root)).toBe(expected);
    expect(committed(root)).toBe(expected.trimEnd());
    expect(subjects(root)).toEqual(['butler guard: allow fetch push push', 'config', 'initial']);
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD')).toBe('.butler/config.yaml');
    expect(git(root, 'diff', '--cached', '--name-only')).toBe('wip.txt');
  });

  it('deny: removes exactly the names given (an unknown one changes nothing else)', async () => {
    const { root } = makeRepo();
    write(root, '.butler/config.yaml', 'guard:\n  mode: block\n  allow: [fetch, push, log]\n');
    expect(await changeGuard(hostGit, root, { deny: ['push', 'not-there'] })).toEqual({ mode: 'block', allow: ['fetch', 'log'] });
    expect(committed(root)).toBe('guard:\n  mode: block\n  allow: [fetch, log]');
    expect(subjects(root)[0]).toBe('butler guard: deny push not-there');
  });

  it('mode: changes the mode alone', async () => {
    const { root } = makeRepo();
    write(root, '.butler/config.yaml', '# keep me\nguard:\n  allow: [fetch]\n');
    expect(await changeGuard(hostGit, root, { mode: 'off' })).toEqual({ mode: 'off', allow: ['fetch'] });
    expect(committed(root)).toBe('# keep me\nguard:\n  mode: off\n  allow: [fetch]');
    expect(subjects(root)[0]).toBe('butler guard: mode off');
    // What the hook applies now: the committed file and the work tree agree.
    expect((await readGuardSettings(hostGit, root)).effective).toEqual({ mode: 'off', allow: ['fetch'] });
  });

  it('no .butler folder yet: creates it and the file', async () => {
    const { root } = makeRepo();
    expect(existsSync(path.join(root, '.butler'))).toBe(false);
    expect(await changeGuard(hostGit, root, { mode: 'warn' })).toEqual({ mode: 'warn', allow: [] });
    expect(committed(root)).toBe('guard:\n  mode: warn\n  allow: []');
  });

  it('git add failing (a held index lock): a clear error naming the step and git’s words, nothing committed', async () => {
    const { root } = makeRepo();
    writeFileSync(path.join(root, '.git/index.lock'), '');
    const err = (await changeGuard(hostGit, root, { allow: ['fetch'] }).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toMatch(/^git add failed: fatal: Unable to create '[^']*index\.lock': File exists\./);
    expect(err.message.length).toBeLessThanOrEqual('git add failed: '.length + 300);
    expect(subjects(root)).toEqual(['initial']);
  });

  it('git commit failing (no identity): a clear error naming the commit step, trimmed, nothing committed', async () => {
    const { root } = makeRepo();
    git(root, 'config', '--unset', 'user.name');
    git(root, 'config', '--unset', 'user.email');
    git(root, 'config', 'user.useConfigOnly', 'true');
    // No identity from the environment either (a developer's shell may carry one).
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(GIT_(AUTHOR|COMMITTER)_|EMAIL$)/.test(k)));
    const err = (await changeGuard(spawnGitWith(env), root, { allow: ['fetch'] }).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toMatch(/^git commit failed: \S/);
    expect(err.message).toMatch(/user\.(email|name)|identity/i);
    expect(err.message).toBe(err.message.trim());
    expect(subjects(root)).toEqual(['initial']);
  });
});
