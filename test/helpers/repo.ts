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
