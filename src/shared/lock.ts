import { promises as fsp } from 'node:fs';
import path from 'node:path';

export interface LockOptions {
  /** Give up after this long; the caller reports a clear error instead of hanging a session. */
  timeoutMs?: number;
  /** A lock older than this is treated as left behind by a crashed process and taken over. */
  staleMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Cross-process mutual exclusion with an exclusive-create lock file (`<target>.lock`). Works on every
 * local filesystem without native modules; a crashed holder is detected by the lock's age.
 */
export async function withFileLock<T>(target: string, fn: () => Promise<T>, opts: LockOptions = {}): Promise<T> {
  const lockFile = `${target}.lock`;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const staleMs = opts.staleMs ?? 30_000;
  const started = Date.now();
  await fsp.mkdir(path.dirname(lockFile), { recursive: true });
  let delay = 2;
  for (;;) {
    try {
      const handle = await fsp.open(lockFile, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const stat = await fsp.stat(lockFile).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > staleMs) {
        // Rename first so only one waiter removes the stale lock.
        const grave = `${lockFile}.stale.${process.pid}.${Date.now()}`;
        await fsp.rename(lockFile, grave).then(() => fsp.rm(grave, { force: true }), () => undefined);
        continue;
      }
      if (Date.now() - started > timeoutMs) {
        throw new Error(`timed out waiting for lock ${path.basename(lockFile)}`);
      }
      await sleep(delay + Math.random() * delay);
      delay = Math.min(delay * 2, 50);
    }
  }
  try {
    return await fn();
  } finally {
    await fsp.rm(lockFile, { force: true });
  }
}
