// The two-waiter race on an abandoned lock, scheduled deterministically (issue #27): both waiters judge
// the dead holder's lock abandoned; the first moves it aside and takes the lock; only then does the
// second one's move run, and it moves the first one's live lock. The second must put it back, or both
// hold the lock at once. The schedule is forced by holding the second waiter's `rename` (fs.promises,
// which the lock calls through at each step) at a gate until the first holds the lock.
import { spawn } from 'node:child_process';
import { promises as fsp, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withFileLock } from '../../src/shared/lock.js';

const dir = () => realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-race-')));

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  await new Promise((r) => child.once('spawn', r));
  const pid = child.pid!;
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  return pid;
}

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('two waiters on one abandoned lock', () => {
  it('the second waiter puts back the live lock it moved by mistake: never two holders at once', async () => {
    const d = dir();
    const target = path.join(d, 'index.json');
    const lockFile = `${target}.lock`;
    writeFileSync(lockFile, `${await deadPid()}.1700000000000.0@${os.hostname()}\n`);

    const rename = fsp.rename.bind(fsp);
    const open = fsp.open.bind(fsp);
    const secondAtRename = deferred();
    const gate = deferred();
    let renames = 0;
    vi.spyOn(fsp, 'rename').mockImplementation(async (from, to) => {
      // The first rename of the lock is the second waiter's (started first): held until the first holds.
      if (String(from) === lockFile && renames++ === 0) {
        secondAtRename.resolve();
        await gate.promise;
      }
      return rename(from, to);
    });
    // After the gate opens: the second waiter's next attempt to create the lock fails (it put the lock
    // back), or it gets the lock and enters (it did not).
    let nextOpen: ReturnType<typeof deferred> | null = null;
    const secondIn = deferred();
    vi.spyOn(fsp, 'open').mockImplementation(async (...args: Parameters<typeof fsp.open>) => {
      const waiting = String(args[0]) === lockFile ? nextOpen : null;
      try {
        return await open(...args);
      } catch (err) {
        waiting?.resolve();
        throw err;
      } finally {
        if (waiting) nextOpen = null;
      }
    });

    let holders = 0;
    let most = 0;
    const log: string[] = [];
    const hold = (name: string, body: () => Promise<void>) => async () => {
      holders++;
      if (name === 'second') secondIn.resolve();
      most = Math.max(most, holders);
      log.push(`${name} in`);
      await body();
      log.push(`${name} out`);
      holders--;
    };

    const second = withFileLock(
      target,
      hold('second', async () => undefined),
      { timeoutMs: 10_000 },
    );
    await secondAtRename.promise;
    const first = withFileLock(
      target,
      hold('first', async () => {
        const tried = deferred();
        nextOpen = tried;
        gate.resolve();
        await Promise.race([tried.promise, secondIn.promise]);
      }),
      { timeoutMs: 10_000 },
    );
    await Promise.all([first, second]);

    expect(log).toEqual(['first in', 'first out', 'second in', 'second out']);
    expect(most).toBe(1);
    expect(readdirSync(d)).toEqual([]);
  });

  it('each holding has its own line even when the clock stands still across a takeover', async () => {
    // The grave's name draws from the same sequence as the holder line: it must not step it back, or the
    // next holding of this process writes the line of the previous one (and removes a lock that is not
    // its own when the previous one's release comes late).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const target = path.join(dir(), 'index.json');
    writeFileSync(`${target}.lock`, `${await deadPid()}.1700000000000.0@${os.hostname()}\n`);
    const lines: string[] = [];
    for (let i = 0; i < 2; i++) {
      await withFileLock(target, async () => {
        lines.push(readFileSync(`${target}.lock`, 'utf8'));
      });
      writeFileSync(`${target}.lock`, `${await deadPid()}.1700000000000.0@${os.hostname()}\n`);
    }
    await withFileLock(target, async () => {
      lines.push(readFileSync(`${target}.lock`, 'utf8'));
    });
    expect(lines).toHaveLength(3);
    expect(new Set(lines).size).toBe(3);
  });
});
