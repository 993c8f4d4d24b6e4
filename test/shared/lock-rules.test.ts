// The lock's rules with fixed expectations (issue #27): a held lock is waited for up to the timeout and
// then reported, the lock file is removed after use (also when the holder throws), the sync variant
// answers at once, and a lock path through a symbolic link is refused.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tryFileLockSync, withFileLock } from '../../src/shared/lock.js';

const dir = () => realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-lockrules-')));
/** A lock held by this very process (alive, this host), as another holder would write it. */
const heldByUs = (file: string) => writeFileSync(`${file}.lock`, `${process.pid}.${Date.now()}.0@${os.hostname()}\n`);

describe('withFileLock', () => {
  it('a lock held by a live process is waited for, then the wait gives up with a clear error', async () => {
    const target = path.join(dir(), 'index.json');
    heldByUs(target);
    const t = Date.now();
    await expect(withFileLock(target, async () => 'never', { timeoutMs: 300, staleMs: 60_000 })).rejects.toThrow(
      'timed out waiting for lock index.json.lock',
    );
    expect(Date.now() - t).toBeGreaterThanOrEqual(300);
    // The other holder's lock is left as it was.
    expect(readFileSync(`${target}.lock`, 'utf8')).toMatch(new RegExp(`^${process.pid}\\.`));
  });

  it('a lock older than staleMs is taken over even when its holder looks alive', async () => {
    const target = path.join(dir(), 'index.json');
    heldByUs(target);
    const old = new Date(Date.now() - 10_000);
    utimesSync(`${target}.lock`, old, old);
    expect(await withFileLock(target, async () => 'mine', { timeoutMs: 2_000, staleMs: 5_000 })).toBe('mine');
    expect(existsSync(`${target}.lock`)).toBe(false);
  });

  it('creates the folder, removes its lock afterwards, also when the holder throws', async () => {
    const target = path.join(dir(), 'new', 'deep', 'file.json');
    expect(await withFileLock(target, async () => existsSync(`${target}.lock`))).toBe(true);
    expect(existsSync(`${target}.lock`)).toBe(false);
    await expect(
      withFileLock(target, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(existsSync(`${target}.lock`)).toBe(false);
  });

  it('refuses a lock whose path below the project passes through a symbolic link', async () => {
    const root = dir();
    const outside = dir();
    symlinkSync(outside, path.join(root, 'session_logs'));
    await expect(withFileLock(path.join(root, 'session_logs', 'index.json'), async () => 1, { within: root })).rejects.toMatchObject({
      code: 'policy_blocked',
    });
    expect(existsSync(path.join(outside, 'index.json.lock'))).toBe(false);
  });
});

describe('tryFileLockSync', () => {
  it('runs at once when free, returns null when held, and leaves no lock behind', () => {
    const root = dir();
    const target = path.join(root, 'sub', 'index.json');
    expect(tryFileLockSync(target, () => existsSync(`${target}.lock`), { within: root })).toEqual({ value: true });
    expect(existsSync(`${target}.lock`)).toBe(false);
    heldByUs(target);
    let ran = false;
    expect(tryFileLockSync(target, () => (ran = true))).toBeNull();
    expect(ran).toBe(false);
    expect(existsSync(`${target}.lock`)).toBe(true);
  });

  it('refuses a link below the project', () => {
    const root = dir();
    mkdirSync(path.join(root, 'real'));
    symlinkSync(dir(), path.join(root, 'session_logs'));
    expect(() => tryFileLockSync(path.join(root, 'session_logs', 'x.json'), () => 1, { within: root })).toThrow(
      expect.objectContaining({ code: 'policy_blocked' }),
    );
  });
});
