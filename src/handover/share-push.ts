// Adding files to the shared ref on the remote (share-git.ts holds the rest of the plumbing: the remote,
// the share lock, the fetch and the reads).
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  fetchUnlocked,
  gitIdentity,
  ok,
  run,
  SHARE_REF,
  FETCHED_REF,
  ShareFailure,
  type ShareGitOptions,
  type SharedFile,
  sharedTree,
  shareRemote,
  UNREACHABLE,
  withShareLock,
} from './share-git.js';

const MAX_ATTEMPTS = 4;

/**
 * A transfer is taken over once: an acceptance receipt is not added where the remote already holds
 * another one for that snapshot. Checked against the exact base the push builds on, and the push is
 * not forced, so of two clones accepting at once only the first to land keeps its receipt.
 */
function acceptedElsewhere(file: string, have: Map<string, string>): boolean {
  const m = /^receipts\/([^/]+)\/accepted-/.exec(file);
  return !!m && [...have.keys()].some((k) => k.startsWith(`receipts/${m[1]}/accepted-`));
}

/**
 * Adds `files` to the shared ref on the remote, with plumbing only: a temporary index, blobs, a tree
 * and a commit whose parent is the remote tip; never the work tree, the branch or the user's index.
 * A rejected update (someone else shared meanwhile) fetches and retries: files are append-only with
 * unique names, so merging is a union. Returns the number of files that were new on the remote.
 */
export async function pushShared(bound: ShareGitOptions, files: SharedFile[], message: string): Promise<number> {
  // Every attempt together stays within twice the bound of one call, counted once the lock is held.
  return withShareLock(bound, () =>
    pushUnlocked({ ...bound, deadline: bound.deadline ?? Date.now() + bound.timeoutMs * 2 }, files, message),
  );
}

async function pushUnlocked(o: ShareGitOptions, files: SharedFile[], message: string): Promise<number> {
  const remote = await shareRemote(o);
  const who = await gitIdentity(o);
  const env = {
    GIT_AUTHOR_NAME: who.name ?? 'Butler',
    GIT_AUTHOR_EMAIL: who.email ?? 'butler@localhost',
    GIT_COMMITTER_NAME: who.name ?? 'Butler',
    GIT_COMMITTER_EMAIL: who.email ?? 'butler@localhost',
  };
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'butler-share-'));
  const indexEnv = { ...env, GIT_INDEX_FILE: path.join(tmp, 'index') };
  try {
    const blobs = await Promise.all(
      files.map(async (f) => ({ path: f.path, id: (await ok(o, ['hash-object', '-w', '--stdin'], { input: f.text })).trim() })),
    );
    // Stryker disable next-line StringLiteral: the loop runs at least once and sets it before the only read
    let lastRejection = '';
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const base = await fetchUnlocked(o, remote);
      const have = base ? await sharedTree(o, base) : new Map<string, string>();
      // Append-only: a path already on the remote stays as it is (the same snapshot, perhaps redacted
      // by another clone's patterns, or a receipt already there).
      const fresh = blobs.filter((b) => !have.has(b.path) && !acceptedElsewhere(b.path, have));
      if (!fresh.length) return 0;
      await fsp.rm(indexEnv.GIT_INDEX_FILE, { force: true });
      if (base) await ok(o, ['read-tree', base], { env: indexEnv });
      // Stryker disable next-line StringLiteral: --index-info adds paths with or without --add
      await ok(o, ['update-index', '--add', '--index-info'], {
        env: indexEnv,
        input: fresh.map((b) => `100644 ${b.id}\t${b.path}\n`).join(''),
      });
      const tree = (await ok(o, ['write-tree'], { env: indexEnv })).trim();
      const commit = (await ok(o, ['commit-tree', tree, ...(base ? ['-p', base] : []), '-m', message], { env })).trim();
      // --no-verify: this push carries no code, and a pre-push hook (tests, lint) would outrun the bound.
      const r = await run(o, ['push', '--porcelain', '--no-verify', '--end-of-options', remote, `${commit}:${SHARE_REF}`], {
        network: true,
      });
      if (r.exitCode === 0) {
        await ok(o, ['update-ref', FETCHED_REF, commit]);
        return fresh.length;
      }
      const raw = `${r.stderr}\n${r.stdout}`;
      if (!/\[rejected\]|non-fast-forward|fetch first|stale info|cannot lock ref|failed to update ref/i.test(raw)) {
        throw new ShareFailure(UNREACHABLE.test(raw) || r.timedOut ? 'unreachable' : 'git_error', raw.trim().slice(0, 1000));
      }
      lastRejection = raw.trim();
    }
    throw new ShareFailure('rejected', lastRejection.slice(0, 1000));
  } finally {
    // Stryker disable next-line BooleanLiteral: the folder exists here (mkdtemp made it); force matters only when it does not
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}
