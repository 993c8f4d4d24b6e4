// What one git invocation does, and which Butler CLI calls are a person's act, with fixed expectations
// written here (issue #27). The README's guard rules these hold: an option that runs a program or
// rewrites config is never allowed, even on an allowed subcommand; `--git-dir`/`--work-tree` fall back
// to block; every `-C` folder's settings apply; `butler guard allow|deny|mode` and `butler issue
// approve-url` are refused in an agent's shell (any copy of the CLI). In-process, so mutants are seen.
import { describe, expect, it } from 'vitest';
import { butlerGuardChange } from '../../src/guard/butler-cli.js';
import { decide, inspect } from '../../src/guard/decide.js';
import { gitCall, toolFor } from '../../src/guard/git.js';
import { DYN } from '../../src/guard/types.js';

const plain = { risky: null, dirs: [], elsewhere: false };

describe('gitCall', () => {
  it('config and program options before the subcommand are risky (the first one is named)', () => {
    expect(gitCall(['-c', 'core.pager=evil', 'log'])).toEqual({ ...plain, sub: 'log', risky: '-c' });
    expect(gitCall(['-ccore.pager=evil', 'log'])).toEqual({ ...plain, sub: 'log', risky: '-ccore.pager' });
    expect(gitCall(['--config-env', 'core.pager=EVIL', 'status'])).toEqual({ ...plain, sub: 'status', risky: '--config-env' });
    expect(gitCall(['--config-env=core.pager=EVIL', 'status'])).toEqual({ ...plain, sub: 'status', risky: '--config-env' });
    expect(gitCall(['--exec-path=/tmp/evil', 'status'])).toEqual({ ...plain, sub: 'status', risky: '--exec-path' });
    expect(gitCall(['--exec-path=/tmp/evil', '-c', 'a=b', 'log'])).toEqual({ ...plain, sub: 'log', risky: '--exec-path' });
    expect(gitCall(['-c', 'a=b', '--exec-path=/x', 'log'])).toEqual({ ...plain, sub: 'log', risky: '-c' });
    // Look-alikes that are not: a bare `--exec-path` prints a path and runs nothing after it.
    expect(gitCall(['--exec-path', 'push'])).toEqual({ ...plain, sub: '' });
    expect(gitCall(['--no-pager', 'log'])).toEqual({ ...plain, sub: 'log' });
    expect(gitCall(['log', '-c'])).toEqual({ ...plain, sub: 'log' });
  });

  it('`--git-dir` and `--work-tree` (spaced or with =) mean another repository; `-C` folders are kept in order', () => {
    expect(gitCall(['--git-dir', '/x/.git', 'push'])).toEqual({ ...plain, sub: 'push', elsewhere: true });
    expect(gitCall(['--git-dir=/x/.git', 'push'])).toEqual({ ...plain, sub: 'push', elsewhere: true });
    expect(gitCall(['--work-tree', '/x', 'status'])).toEqual({ ...plain, sub: 'status', elsewhere: true });
    expect(gitCall(['--work-tree=/x', 'status'])).toEqual({ ...plain, sub: 'status', elsewhere: true });
    expect(gitCall(['-C', 'a', '-C', '../b', 'fetch'])).toEqual({ ...plain, sub: 'fetch', dirs: ['a', '../b'] });
    expect(gitCall(['-C', '-u', 'fetch'])).toEqual({ ...plain, sub: 'fetch', dirs: ['-u'] });
    expect(gitCall(['-C'])).toEqual({ ...plain, sub: '', dirs: [''] });
    expect(gitCall(['fetch', '-C', 'x'])).toEqual({ ...plain, sub: 'fetch' });
  });

  it('a subcommand known only at run time is null; a computed option value is not', () => {
    expect(gitCall([`${DYN}`, 'log'])).toEqual({ ...plain, sub: null });
    expect(gitCall(['-C', `a${DYN}`, 'log'])).toEqual({ ...plain, sub: 'log', dirs: [`a${DYN}`] });
    expect(gitCall([`--namespace=${DYN}`, 'log'])).toEqual({ ...plain, sub: 'log' });
    expect(gitCall(['--version'])).toEqual({ ...plain, sub: '' });
  });

  it('subcommand options that run a program: long, long with =, short, bundled short; only after the subcommand', () => {
    expect(gitCall(['fetch', '--upload-pack=evil', 'origin'])).toEqual({ ...plain, sub: 'fetch', risky: '--upload-pack' });
    expect(gitCall(['fetch', 'origin', '--upload-pack', 'evil'])).toEqual({ ...plain, sub: 'fetch', risky: '--upload-pack' });
    expect(gitCall(['fetch', '-u', 'evil', 'origin'])).toEqual({ ...plain, sub: 'fetch', risky: '-u' });
    expect(gitCall(['fetch', '-qu', 'evil'])).toEqual({ ...plain, sub: 'fetch', risky: '-u' });
    expect(gitCall(['push', '--exec=evil'])).toEqual({ ...plain, sub: 'push', risky: '--exec' });
    expect(gitCall(['rebase', '-ix', 'evil'])).toEqual({ ...plain, sub: 'rebase', risky: '-x' });
    expect(gitCall(['clone', '--template=/t', 'u'])).toEqual({ ...plain, sub: 'clone', risky: '--template' });
    expect(gitCall(['submodule', 'foreach', 'evil'])).toEqual({ ...plain, sub: 'submodule', risky: 'foreach' });
    // Not risky: other options, the same letters as a long option, a risky option of another subcommand.
    expect(gitCall(['fetch', 'origin'])).toEqual({ ...plain, sub: 'fetch' });
    expect(gitCall(['fetch', '--unshallow', '--quiet'])).toEqual({ ...plain, sub: 'fetch' });
    expect(gitCall(['fetch', '--upload-packs'])).toEqual({ ...plain, sub: 'fetch' });
    expect(gitCall(['log', '-u'])).toEqual({ ...plain, sub: 'log' });
    expect(gitCall(['status'])).toEqual({ ...plain, sub: 'status' });
    // A config option before the subcommand is the one named.
    expect(gitCall(['-c', 'a=b', 'fetch', '--upload-pack=evil'])).toEqual({ ...plain, sub: 'fetch', risky: '-c' });
  });

  it('an allowed subcommand with a risky option is still denied', () => {
    const allowFetch = { allow: ['fetch'], mode: 'block' as const };
    expect(decide(inspect('git fetch origin'), allowFetch)).toEqual({ action: 'allow' });
    for (const cmd of ['git -c core.sshCommand=evil fetch', 'git fetch --upload-pack=evil', 'git fetch -qu evil origin']) {
      expect(decide(inspect(cmd), allowFetch).action, cmd).toBe('deny');
    }
  });

  it('toolFor names the Butler tool of a subcommand, and nothing for unknown, inherited or computed names', () => {
    expect(toolFor('status')).toBe('work_observe');
    expect(toolFor('push')).toBe('work_publish');
    expect(toolFor('gc')).toBeNull();
    expect(toolFor('toString')).toBeNull();
    expect(toolFor(null)).toBeNull();
  });
});

describe('butlerGuardChange', () => {
  const at0 = (argv: string[]) => butlerGuardChange(argv, 0, argv[0] ?? '');
  it('names the verbs that change the guard, however the CLI is reached', () => {
    expect(at0(['butler', 'guard', 'allow', 'fetch'])).toBe('butler guard allow');
    expect(at0(['agent-butler', 'guard', 'mode', 'off'])).toBe('butler guard mode');
    expect(at0(['Butler', 'GUARD', 'deny', 'fetch'])).toBe('butler guard deny');
    expect(at0(['butler', '--lang=ja', 'guard', '--yes', 'allow', 'push'])).toBe('butler guard allow');
    expect(at0(['butler', 'guard', `x${DYN}`])).toBe('butler guard …');
    expect(at0(['node', '/opt/x/butler.mjs', 'guard', 'mode', 'off'])).toBe('butler guard mode');
    expect(at0(['node', '--no-warnings', '--inspect', 'butler-runtime.cjs', 'guard', 'allow', 'x'])).toBe('butler guard allow');
    expect(at0(['bun', 'BUTLER.js', 'guard', 'deny', 'x'])).toBe('butler guard deny');
    expect(butlerGuardChange(['sudo', '-u', 'me', 'butler', 'guard', 'allow', 'x'], 3, 'butler')).toBe('butler guard allow');
    expect(butlerGuardChange(['env', 'node', 'b/butler.mjs', 'guard', 'mode', 'warn'], 1, 'node')).toBe('butler guard mode');
  });

  it('names `butler issue approve-url` (also with options before it, or computed)', () => {
    expect(at0(['butler', 'issue', 'approve-url', 'https://x.example'])).toBe('butler issue approve-url');
    expect(at0(['butler', 'ISSUE', '--yes', 'approve-url'])).toBe('butler issue approve-url');
    expect(at0(['butler', 'issue', `${DYN}`])).toBe('butler issue approve-url');
    expect(at0(['node', 'butler.mjs', 'issue', 'approve-url'])).toBe('butler issue approve-url');
  });

  it('leaves reading verbs, other programs and other scripts alone', () => {
    for (const argv of [
      ['butler', 'guard', 'status'],
      ['butler', 'guard'],
      ['butler', 'guard', '--help'],
      ['butler', 'issue', 'list'],
      ['butler', 'issue'],
      ['butler', 'status'],
      ['node', 'notbutler.mjs', 'guard', 'allow', 'x'],
      ['node', 'butler.ts', 'guard', 'allow', 'x'],
      ['node', 'butler'],
      ['node', '--version'],
      ['node'],
      ['deno', 'butler.mjs', 'guard', 'allow', 'x'],
      ['python', 'butler.js', 'guard', 'allow', 'x'],
      ['echo', 'butler', 'guard', 'allow'],
    ]) {
      expect(at0(argv), argv.join(' ')).toBeNull();
    }
    expect(butlerGuardChange(['butler', 'guard', 'allow', 'x', 'node'], 4, 'node')).toBeNull();
  });
});
