import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
};

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_ENV } }).trim();
}

/** A fresh repository with one commit and, when `withRemote`, a local bare repo as its upstream. */
export function makeRepo(opts: { withRemote?: boolean } = {}): { root: string; remote?: string } {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-test-')));
  const root = path.join(base, 'repo');
  execFileSync('git', ['init', '-q', '-b', 'main', root]);
  git(root, 'config', 'user.name', 'Test');
  git(root, 'config', 'user.email', 'test@example.com');
  writeFileSync(path.join(root, 'README.md'), '# test repo\n');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'initial');
  if (!opts.withRemote) return { root };
  const remote = path.join(base, 'remote.git');
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', remote]);
  git(root, 'remote', 'add', 'origin', remote);
  git(root, 'push', '-q', '-u', 'origin', 'main');
  return { root, remote };
}

/**
 * The git isolation of test/setup-env.ts, for an env object a test hands to a hook in place of
 * process.env (the hooks run git with exactly that env): without it, git there reads the machine's
 * system config (issue #27).
 */
export function isolatedGitEnv(extra: Record<string, string> = {}): Record<string, string> {
  const pick = (k: string) => (process.env[k] === undefined ? {} : { [k]: process.env[k] as string });
  return { ...pick('GIT_CONFIG_GLOBAL'), ...pick('GIT_CONFIG_SYSTEM'), ...pick('GIT_CONFIG_NOSYSTEM'), ...extra };
}
