import { execFileSync } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { guardFromText, loadGuardConfig, type ReadCommitted, relaxes, stricter } from '../../src/guard/config.js';
import { DEFAULT_GUARD } from '../../src/guard/decide.js';
import { spawnGitWith } from '../../src/shared/git-spawn.js';
import { git, makeRepo } from '../helpers/repo.js';

/** The hook's reader of committed files, on real git. */
const readCommitted: ReadCommitted = async (dir, rel) => {
  const r = await spawnGitWith(process.env)(dir, ['cat-file', '-p', `HEAD:${rel}`]);
  return r.exitCode === 0 ? r.stdout : null;
};

describe('guardFromText', () => {
  it.each([
    ['empty file', '', DEFAULT_GUARD],
    ['no guard key', 'lang: en\n', DEFAULT_GUARD],
    ['flow list', 'guard:\n  allow: [fetch, ls-files]\n', { allow: ['fetch', 'ls-files'], mode: 'block' }],
    ['block list, off', 'guard:\n  allow:\n    - fetch\n    - "ls-files"\n  mode: off\n', { allow: ['fetch', 'ls-files'], mode: 'off' }],
    ['flow mapping', 'guard: { allow: [fetch], mode: warn }\n', { allow: ['fetch'], mode: 'warn' }],
  ])('%s', (_n, text, want) => {
    expect(guardFromText(text)).toEqual(want);
  });

  it.each([
    ['unknown mode', 'guard:\n  mode: blok\n'],
    ['number in allow', 'guard:\n  allow: [1]\n'],
    ['unknown key', 'guard:\n  allow: [fetch]\n  note: hi\n'],
    ['broken YAML', 'guard: {allow: [fetch\n'],
  ])('invalid (%s) keeps blocking', (_n, text) => {
    expect(guardFromText(text)).toEqual(DEFAULT_GUARD);
  });
});

describe('relaxes and stricter', () => {
  it('says which change lets more run', () => {
    expect(relaxes({ allow: [], mode: 'off' })).toBe(true);
    expect(relaxes({ allow: ['push'], mode: 'block' })).toBe(true);
    expect(relaxes(DEFAULT_GUARD)).toBe(false);
    expect(relaxes({ allow: ['fetch'], mode: 'block' }, { allow: ['fetch', 'pull'], mode: 'warn' })).toBe(false);
  });

  it('keeps what both allow, in the stricter mode', () => {
    expect(stricter({ allow: ['fetch', 'push'], mode: 'off' }, { allow: ['fetch'], mode: 'warn' })).toEqual({
      allow: ['fetch'],
      mode: 'warn',
    });
  });
});

describe('loadGuardConfig trusts only what is committed', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await fsp.rm(path.dirname(d), { recursive: true, force: true });
  });
  const repo = async (committed: string | null, work: string | null) => {
    const { root } = makeRepo();
    dirs.push(root);
    await fsp.mkdir(path.join(root, '.butler'), { recursive: true });
    if (committed !== null) {
      await fsp.writeFile(path.join(root, '.butler', 'config.yaml'), committed);
      git(root, 'add', '-A');
      git(root, 'commit', '-q', '-m', 'config');
    }
    if (work !== null) await fsp.writeFile(path.join(root, '.butler', 'config.yaml'), work);
    return root;
  };

  it('an uncommitted `mode: off` does not relax the guard', async () => {
    const root = await repo(null, 'guard:\n  mode: off\n');
    expect(await loadGuardConfig(root, readCommitted)).toEqual(DEFAULT_GUARD);
  });

  it('an uncommitted `allow: [push]` does not add push', async () => {
    const root = await repo('guard:\n  allow: [fetch]\n', 'guard:\n  allow: [fetch, push]\n');
    expect(await loadGuardConfig(path.join(root), readCommitted)).toEqual({ allow: ['fetch'], mode: 'block' });
  });

  it('a committed relaxation applies, from a subfolder too', async () => {
    const root = await repo('guard:\n  allow: [fetch]\n  mode: warn\n', null);
    await fsp.mkdir(path.join(root, 'a', 'b'), { recursive: true });
    expect(await loadGuardConfig(path.join(root, 'a', 'b'), readCommitted)).toEqual({ allow: ['fetch'], mode: 'warn' });
  });

  it('tightening in the work tree applies at once', async () => {
    const root = await repo('guard:\n  allow: [fetch, pull]\n  mode: warn\n', 'guard:\n  allow: [fetch]\n');
    expect(await loadGuardConfig(root, readCommitted)).toEqual({ allow: ['fetch'], mode: 'block' });
  });

  it('without a way to read HEAD, no relaxation is trusted', async () => {
    const root = await repo('guard:\n  mode: off\n', null);
    expect(await loadGuardConfig(root, null)).toEqual(DEFAULT_GUARD);
  });

  it('stops at the repository root', async () => {
    const outer = await fsp.mkdtemp(path.join(os.tmpdir(), 'butler-guard-'));
    dirs.push(path.join(outer, 'x'));
    await fsp.mkdir(path.join(outer, '.butler'), { recursive: true });
    await fsp.writeFile(path.join(outer, '.butler', 'config.yaml'), 'guard:\n  mode: off\n');
    execFileSync('git', ['init', '-q', path.join(outer, 'repo')]);
    expect(await loadGuardConfig(path.join(outer, 'repo'), readCommitted)).toEqual(DEFAULT_GUARD);
  });

  it.each(['fifo', 'dir', 'unreadable'])('a config that is a %s blocks at once, never hangs', async (kind) => {
    const root = await repo('guard:\n  mode: off\n', null);
    const file = path.join(root, '.butler', 'config.yaml');
    await fsp.rm(file);
    if (kind === 'fifo') execFileSync('mkfifo', [file]);
    if (kind === 'dir') await fsp.mkdir(file);
    if (kind === 'unreadable') {
      await fsp.writeFile(file, 'guard:\n  mode: off\n', { mode: 0 });
    }
    const t = Date.now();
    const got = await loadGuardConfig(root, readCommitted);
    expect(Date.now() - t).toBeLessThan(2_000);
    // root can read a mode-0 file: then it is just the (uncommitted, unchanged) text.
    expect(got).toEqual(kind === 'unreadable' && process.getuid?.() === 0 ? { allow: [], mode: 'off' } : DEFAULT_GUARD);
  });

  it('uses the default for a folder that does not exist', async () => {
    expect(await loadGuardConfig(path.join(os.tmpdir(), 'butler-no-such-dir', 'x'), readCommitted)).toEqual(DEFAULT_GUARD);
  });
});
