import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { assertNoLinks } from './no-links.js';

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
  const token = `${process.pid}.${Date.now()}.${lockSeq++}\n`;
  const started = Date.now();
  if (opts.within) await assertNoLinks(opts.within, lockFile);
  await fsp.mkdir(path.dirname(lockFile), { recursive: true });
  let delay = 2;
  for (;;) {
    try {
      const handle = await fsp.open(lockFile, 'wx');
      await handle.writeFile(token);
      await handle.close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const stat = await fsp.stat(lockFile).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > staleMs) {
        await takeOverStale(lockFile, staleMs);
        continue;
      }
      if (Date.now() - started > timeoutMs) {
        throw new Error(`timed out waiting for lock ${path.basename(lockFile)}`);
      }
      await sleep(delay + Math.random() * delay);
      delay = Math.min(delay * 2, 50);
    }
  }
  // A holder that runs long keeps its lock fresh, so nobody takes it over as stale.
  const heartbeat = setInterval(() => {
    const now = new Date();
    fsp.utimes(lockFile, now, now).catch(() => undefined);
  }, Math.max(10, staleMs / 3));
  heartbeat.unref();
  try {
    return await fn();
  } finally {
    clearInterval(heartbeat);
    // Remove only our own lock: never one that another process holds now.
    if ((await fsp.readFile(lockFile, 'utf8').catch(() => '')) === token) await fsp.rm(lockFile, { force: true });
  }
}

/**
 * Moves a stale lock aside. Two waiters may both judge it stale; the second would then move the
 * first one's fresh lock, so the moved file is checked again and put back when it turns out fresh.
 */
async function takeOverStale(lockFile: string, staleMs: number): Promise<void> {
  const grave = `${lockFile}.stale.${process.pid}.${Date.now()}.${lockSeq++}`;
  try {
    await fsp.rename(lockFile, grave);
  } catch {
    return; // someone else moved it first
  }
  const moved = await fsp.stat(grave).catch(() => null);
  if (moved && Date.now() - moved.mtimeMs <= staleMs) await fsp.link(grave, lockFile).catch(() => undefined);
  await fsp.rm(grave, { force: true });
}
