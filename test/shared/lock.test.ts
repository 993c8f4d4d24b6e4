import { mkdtempSync, readFileSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withFileLock } from '../../src/shared/lock.js';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'butler-lock-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('withFileLock', () => {
  it('serialises holders: no two run at once', async () => {
    const target = path.join(tmp(), 'x');
    let inside = 0;
    let max = 0;
    await Promise.all(
      Array.from({ length: 10 }, () =>
        withFileLock(target, async () => {
          inside++;
          max = Math.max(max, inside);
          await sleep(5);
          inside--;
        }),
      ),
    );
    expect(max).toBe(1);
    expect(existsSync(`${target}.lock`)).toBe(false);
  });

  it('takes over a lock left by a crashed process', async () => {
    const target = path.join(tmp(), 'x');
    writeFileSync(`${target}.lock`, '999999\n');
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${target}.lock`, old, old);
    expect(await withFileLock(target, async () => 'got it', { staleMs: 1000, timeoutMs: 2000 })).toBe('got it');
  });

  it('a long holder keeps its lock fresh, so a waiter does not steal it', async () => {
    const target = path.join(tmp(), 'x');
    const order: string[] = [];
    const long = withFileLock(
      target,
      async () => {
        order.push('long start');
        await sleep(400);
        order.push('long end');
      },
      { staleMs: 150 },
    );
    await sleep(20);
    const waiter = withFileLock(target, async () => order.push('waiter'), { staleMs: 150, timeoutMs: 5000 });
    await Promise.all([long, waiter]);
    expect(order).toEqual(['long start', 'long end', 'waiter']);
  });

  it('never removes a lock that is not its own', async () => {
    const target = path.join(tmp(), 'x');
    await withFileLock(target, async () => {
      writeFileSync(`${target}.lock`, 'someone else\n');
    });
    expect(readFileSync(`${target}.lock`, 'utf8')).toBe('someone else\n');
  });
});
