import { closeSync, mkdirSync, openSync, promises as fsp, readFileSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { explain } from './fs.js';
import { assertNoLinks, assertNoLinksSync } from './no-links.js';

export interface LockOptions {
  /** Give up after this long; the caller reports a clear error instead of hanging a session. */
  timeoutMs?: number;
  /** A lock older than this is treated as left behind by a crashed process and taken over. */
  staleMs?: number;
  /** The project root: refuse a lock whose path below it passes through a symbolic link. */
  within?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Cross-process mutual exclusion with an exclusive-create lock file (`<target>.lock`). Works on every
 * local filesystem without native modules; a crashed holder is detected by the lock's age.
 */
let lockSeq = 0;

export async function withFileLock<T>(target: string, fn: () => Promise<T>, opts: LockOptions = {}): Promise<T> {
  const lockFile = `${target}.lock`;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const staleMs = opts.staleMs ?? 30_000;
  // pid and host let a waiter see at once that the holder died on this machine.
  const token = `${process.pid}.${Date.now()}.${lockSeq++}@${os.hostname()}\n`;
  const started = Date.now();
  if (opts.within) await assertNoLinks(opts.within, lockFile);
  // Stryker disable next-line BlockStatement: swallowing this error changes nothing, the open below fails on the same folder with the same error code
  await fsp.mkdir(path.dirname(lockFile), { recursive: true }).catch((err) => {
    throw explain(err, lockFile, opts.within);
  });
  let delay = 2;
  for (;;) {
    try {
      const handle = await fsp.open(lockFile, 'wx');
      await handle.writeFile(token);
      await handle.close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw explain(err, lockFile, opts.within);
      if (await isAbandoned(lockFile, staleMs)) {
        await takeOverStale(lockFile, staleMs);
        continue;
      }
      // Stryker disable next-line EqualityOperator: > and >= differ for one millisecond of a wait that sleeps at least 2 ms
      if (Date.now() - started > timeoutMs) {
        throw new Error(`timed out waiting for lock ${path.basename(lockFile)}`);
      }
      await sleep(delay + Math.random() * delay);
      delay = Math.min(delay * 2, 50);
    }
  }
  // A holder that runs long keeps its lock fresh, so nobody takes it over as stale.
  const heartbeat = setInterval(
    () => {
      const now = new Date();
      fsp.utimes(lockFile, now, now).catch(() => undefined);
    },
    // Stryker disable next-line MethodExpression: a heartbeat every 10 ms keeps the lock fresh just as well (only more often)
    Math.max(10, staleMs / 3),
  );
  heartbeat.unref();
  try {
    return await fn();
  } finally {
    clearInterval(heartbeat);
    // Remove only our own lock: never one that another process holds now.
    // Stryker disable next-line ArrowFunction,ObjectLiteral,BooleanLiteral: an unreadable lock never equals the token (neither '' nor undefined does), and the file just read as ours exists, so force is moot
    if ((await fsp.readFile(lockFile, 'utf8').catch(() => '')) === token) await fsp.rm(lockFile, { force: true });
  }
}

/**
 * withFileLock with sync fs and one attempt, for the SessionStart hook (fs.promises alone costs it
 * milliseconds to load): `{ value }` when the lock was free, null when it is held (the caller then
 * waits with withFileLock, which also takes over a stale lock). Same lock file, same token.
 */
export function tryFileLockSync<T>(target: string, fn: () => T, opts: Pick<LockOptions, 'within'> = {}): { value: T } | null {
  const lockFile = `${target}.lock`;
  const token = `${process.pid}.${Date.now()}.${lockSeq++}@${os.hostname()}\n`;
  if (opts.within) assertNoLinksSync(opts.within, lockFile);
  let fd: number;
  try {
    mkdirSync(path.dirname(lockFile), { recursive: true });
    fd = openSync(lockFile, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw explain(err, lockFile, opts.within);
  }
  try {
    writeSync(fd, token);
  } finally {
    closeSync(fd);
  }
  try {
    return { value: fn() };
  } finally {
    // unlink, not rm: rmSync loads Node's rimraf module.
    if (readOwn(lockFile) === token) unlinkQuietly(lockFile);
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

function readOwn(lockFile: string): string {
  try {
    return readFileSync(lockFile, 'utf8');
  } catch {
    // Stryker disable next-line StringLiteral: any fallback other than the token means 'not ours', as '' does
    return '';
  }
}

/** Whether a process with this id runs on this host (EPERM: it does, as another user). */
/**
 * Whether a lock's holder still runs: a signal 0 that reaches it, or that is refused (EPERM: another user's
 * live process, whose lock must never be broken). `kill` is injected only by tests that run as root, where
 * no signal is refused.
 */
export function pidAlive(pid: number, kill: (pid: number, signal: 0) => unknown = (p, sig) => process.kill(p, sig)): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const HOLDER = /^(\d+)\.\d+\.\d+@(.+)\n?$/;

/** Older than `staleMs`, or held by a process of this host that no longer exists. */
async function isAbandoned(lockFile: string, staleMs: number): Promise<boolean> {
  // Stryker disable next-line ArrowFunction: undefined and null both mean 'no lock' to the check below
  const stat = await fsp.stat(lockFile).catch(() => null);
  if (!stat) return false;
  // Stryker disable next-line EqualityOperator: > and >= differ only at the exact millisecond of staleness
  if (Date.now() - stat.mtimeMs > staleMs) return true;
  // Stryker disable next-line ArrowFunction,StringLiteral: an unreadable lock matches no holder whatever the fallback; with no encoding the Buffer is read as the same text
  const m = HOLDER.exec(await fsp.readFile(lockFile, 'utf8').catch(() => ''));
  return Boolean(m && m[2] === os.hostname() && !pidAlive(Number(m[1])));
}

/**
 * Moves an abandoned lock aside. Two waiters may both judge it abandoned; the second would then move
 * the first one's new lock, so the moved file is checked again and put back when it is held.
 * The dead holder's temp files (`<file>.<pid>.….tmp`) go with it.
 */
async function takeOverStale(lockFile: string, staleMs: number): Promise<void> {
  const grave = `${lockFile}.stale.${process.pid}.${Date.now()}.${lockSeq++}`;
  try {
    await fsp.rename(lockFile, grave);
  } catch {
    return; // someone else moved it first
  }
  if (!(await isAbandoned(grave, staleMs))) await fsp.link(grave, lockFile).catch(() => undefined);
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: the grave has a unique name and was just created by this rename, so it exists and force is moot
  await fsp.rm(grave, { force: true });
  await removeOrphanTemps(path.dirname(lockFile));
}

const TEMP = /\.(\d+)\.[0-9a-z]+\.[0-9a-z]+\.tmp$/;

async function removeOrphanTemps(dir: string): Promise<void> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const m = TEMP.exec(name);
    if (m && !pidAlive(Number(m[1]))) await fsp.rm(path.join(dir, name), { force: true });
  }
}
