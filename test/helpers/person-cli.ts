// The real CLI bundle spawned as a person types it, in temp git repositories removed after the file's
// tests (test/cli/people.test.ts, test/cli/walkthrough3.test.ts).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { git, isolatedGitEnv, makeRepo } from './repo.js';

/**
 * The CLI as an installed package runs it: hooks/butler.mjs under node_modules (test/global-env.ts links the
 * package into the run's temporary root), so hints name `butler …`. A clone's own copy, run by path, names
 * itself instead (src/cli/prog-name.ts); CLONE_BIN is that one.
 */
export const BIN = path.join(process.env.TMPDIR ?? '', 'node_modules', 'agent-butler', 'hooks', 'butler.mjs');
export const CLONE_BIN = path.resolve(import.meta.dirname, '../../hooks/butler.mjs');

/**
 * This machine's PATH without any folder holding a `butler` program: install's notes name `butler`
 * only when one is on PATH, so a test of a note must not pass or fail by the developer's machine (#25).
 */
export function pathWithoutButler(): string {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => {
      try {
        accessSync(path.join(dir, 'butler'), constants.X_OK);
        return false;
      } catch {
        return true;
      }
    })
    .join(path.delimiter);
}

/**
 * Call at a test file's top level. `made(dir)` removes a folder after the file's tests; `withRemote()` and
 * `repo()` make a repository (with its bare upstream) whose parent folder is removed so.
 */
export function tempRepos() {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  // Only a folder strictly inside the run's temporary root: removing the root itself (a dirname too many)
  // took every other test file's folders with it.
  const made = (dir: string) => {
    const rel = path.relative(realpathSync(os.tmpdir()), realpathSync(dir));
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) throw new Error(`tempRepos: ${dir} is not inside ${os.tmpdir()}`);
    dirs.push(dir);
  };
  const withRemote = () => {
    const r = makeRepo({ withRemote: true });
    made(path.dirname(r.root));
    return { root: r.root, remote: r.remote as string };
  };
  const repo = (opts: { withRemote?: boolean } = {}) => {
    const { root } = makeRepo(opts);
    made(path.dirname(root));
    return root;
  };
  /** A committed install of Claude Code and Codex, so `codex` (and `claude`) name a brain here. */
  const installed = () => {
    const root = repo();
    const r = butler(root, ['install', '--claude', '--codex']);
    if (r.code !== 0) throw new Error(`install failed: ${r.out}${r.err}`);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'install');
    return root;
  };
  return { made, repo, withRemote, installed };
}

export function butler(cwd: string, args: string[], opts: { bin?: string; env?: Record<string, string> } = {}) {
  const r = spawnSync(process.execPath, [opts.bin ?? BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: {
      ...isolatedGitEnv(),
      PATH: pathWithoutButler(),
      HOME: cwd,
      BUTLER_LANG: 'en',
      GIT_AUTHOR_NAME: 'T',
      GIT_AUTHOR_EMAIL: 't@e.x',
      GIT_COMMITTER_NAME: 'T',
      GIT_COMMITTER_EMAIL: 't@e.x',
      ...opts.env,
    },
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr, json: () => JSON.parse(r.stdout) };
}
