import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { git } from './repo.js';

/** Writes a file under the repo, creating folders. */
export function write(root: string, rel: string, content: string): void {
  const abs = path.join(root, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, content);
}

/** Records `rel` with raw git, as a user outside Butler would. */
export function commitFile(root: string, rel: string, content: string, message = `edit ${rel}`): void {
  write(root, rel, content);
  git(root, 'add', '--', rel);
  git(root, 'commit', '-q', '-m', message);
}

/** A second clone of the bare remote: another agent or human working on the same branch. */
export function secondClone(remote: string): string {
  const dir = path.join(realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-clone-'))), 'clone');
  execFileSync('git', ['clone', '-q', remote, dir]);
  git(dir, 'config', 'user.name', 'Other');
  git(dir, 'config', 'user.email', 'other@example.com');
  return dir;
}

/**
 * `rel` published, then changed both in a second clone (pushed: "theirs") and here (recorded: "mine"), and
 * fetched: one record ahead and one behind, so a rebase of ours conflicts. Returns the second clone, for the
 * caller to remove.
 */
export function divergedOn(root: string, remote: string, rel = 'f'): string {
  commitFile(root, rel, 'base\n');
  git(root, 'push', '-q', 'origin', 'HEAD');
  const other = secondClone(remote);
  commitFile(other, rel, 'theirs\n');
  git(other, 'push', '-q', 'origin', 'HEAD');
  commitFile(root, rel, 'mine\n');
  git(root, 'fetch', '-q');
  return other;
}

/** Somebody else publishes first, so our next push is a non-fast-forward. */
export function concurrentPush(remote: string, rel = 'other.txt'): void {
  const other = secondClone(remote);
  commitFile(other, rel, 'from the other clone\n');
  git(other, 'push', '-q', 'origin', 'HEAD');
}

/** Leaves a merge stopped on a conflict in README.md. */
export function mergeConflict(root: string): void {
  const branch = git(root, 'rev-parse', '--abbrev-ref', 'HEAD');
  git(root, 'checkout', '-q', '-b', 'side');
  commitFile(root, 'README.md', 'side version\n');
  git(root, 'checkout', '-q', branch);
  commitFile(root, 'README.md', 'main version\n');
  // Exits non-zero by design: the conflict is the point.
  spawnSync('git', ['merge', '-q', 'side'], { cwd: root });
}

/** A rebase stopped on a conflict (HEAD detached, rebase-merge/ present). */
export function rebaseConflict(root: string): void {
  const branch = git(root, 'rev-parse', '--abbrev-ref', 'HEAD');
  git(root, 'checkout', '-q', '-b', 'base2');
  commitFile(root, 'README.md', 'base2 version\n');
  git(root, 'checkout', '-q', branch);
  commitFile(root, 'README.md', 'ours\n');
  spawnSync('git', ['rebase', '-q', 'base2'], { cwd: root });
}

/** A cherry-pick stopped on a conflict. */
export function cherryPickConflict(root: string): void {
  const branch = git(root, 'rev-parse', '--abbrev-ref', 'HEAD');
  git(root, 'checkout', '-q', '-b', 'pick');
  commitFile(root, 'README.md', 'pick version\n');
  const sha = git(root, 'rev-parse', 'HEAD');
  git(root, 'checkout', '-q', branch);
  commitFile(root, 'README.md', 'branch version\n');
  spawnSync('git', ['cherry-pick', sha], { cwd: root });
}

export function detachHead(root: string): void {
  git(root, 'checkout', '-q', '--detach');
}

/** What a crashed git process leaves behind. */
export function lockIndex(root: string): string {
  const lock = path.join(root, '.git', 'index.lock');
  writeFileSync(lock, '');
  return lock;
}

/**
 * An HTTP "remote" that answers every request 401, so git fails the way it does when credentials
 * are missing or wrong (prompts are disabled in Butler's runner).
 */
export async function unauthorizedRemote(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="butler-test"' });
    res.end('unauthorized');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/repo.git`, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * The person allows sharing from this clone, through the real verb (`butler handover share-preview`)
 * answering yes at a terminal with no agent client above (issue #23: the first share needs a person).
 */
export async function allowSharing(root: string): Promise<void> {
  const { runCli } = await import('../../src/cli/main.js');
  let out = '';
  const code = await runCli(['handover', 'share-preview', '--project', root], {
    cwd: root,
    env: { BUTLER_LANG: 'en' },
    ask: async () => 'y',
    agent: () => null,
    stdout: (t) => (out += t),
    stderr: (t) => (out += t),
    readStdin: async () => '',
  });
  if (code !== 0) throw new Error(`share-preview failed (${code}): ${out}`);
}
