// Who holds a lock, and when a waiter may break it, with fixed expectations (issue #27): the holder line
// is `<pid>.<ms>.<seq>@<host>\n`, a lock is broken at once only when that line names a dead process of
// this host, anything else is waited for (until the default 30 s staleness), and breaking a lock leaves
// no grave behind and removes only the dead holder's temp files.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pidAlive, tryFileLockSync, withFileLock } from '../../src/shared/lock.js';

const dir = () => realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-holders-')));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The holder line of this process, as a pattern written here (not taken from lock.ts). */
const OURS = new RegExp(`^${process.pid}\\.\\d{13}\\.\\d+@${escape(os.hostname())}\\n$`);

/** A real process, killed with SIGKILL: its pid is then free (and not reused within the test). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  await new Promise((r) => child.once('spawn', r));
  const pid = child.pid!;
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  return pid;
}

/** Resolves 'broken' when the lock was taken within the short timeout, 'waited' when the wait timed out. */
async function outcome(target: string, opts: { staleMs?: number } = {}): Promise<'broken' | 'waited'> {
  try {
    await withFileLock(target, async () => undefined, { timeoutMs: 400, ...opts });
    return 'broken';
  } catch (err) {
    if (/timed out waiting for lock/.test(String(err))) return 'waited';
    throw err;
  }
}

describe('the holder line', () => {
  it('withFileLock and tryFileLockSync write pid, time, a non-negative sequence and host, one line', async () => {
    const target = path.join(dir(), 'index.json');
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) await withFileLock(target, async () => seen.push(readFileSync(`${target}.lock`, 'utf8')));
    for (let i = 0; i < 2; i++) tryFileLockSync(target, () => seen.push(readFileSync(`${target}.lock`, 'utf8')));
    expect(seen).toHaveLength(5);
    for (const line of seen) expect(line).toMatch(OURS);
    // Each holding has its own line, so one holder never removes the next one's lock.
    expect(new Set(seen).size).toBe(5);
    expect(readdirSync(path.dirname(target))).toEqual([]);
  });

  it('the sequence never goes negative, however often the sync path runs (a negative one matches no holder line)', async () => {
    const target = path.join(dir(), 'sessions.json');
    let first = '';
    await withFileLock(target, async () => {
      first = readFileSync(`${target}.lock`, 'utf8');
    });
    const seq = Number(/\.(\d+)@/.exec(first)?.[1]);
    expect(Number.isSafeInteger(seq)).toBe(true);
    for (let i = 0; i < seq + 3; i++) expect(tryFileLockSync(target, () => readFileSync(`${target}.lock`, 'utf8'))?.value).toMatch(OURS);
  });

  it.skipIf(!existsSync('/proc/self/fd'))('tryFileLockSync closes its file (no descriptor left open per call)', () => {
    const target = path.join(dir(), 'sessions.json');
    const open = () => readdirSync('/proc/self/fd').length;
    const before = open();
    for (let i = 0; i < 50; i++) tryFileLockSync(target, () => 1);
    expect(open()).toBeLessThan(before + 5);
  });

  it('tryFileLockSync leaves a lock that another holder put in place during its run', () => {
    const target = path.join(dir(), 'sessions.json');
    expect(tryFileLockSync(target, () => writeFileSync(`${target}.lock`, 'someone else\n'))).toEqual({ value: undefined });
    expect(readFileSync(`${target}.lock`, 'utf8')).toBe('someone else\n');
  });

  it('an error other than "already held" is passed on, not taken for a held lock', async () => {
    const target = path.join(dir(), 'n'.repeat(300));
    expect(() => tryFileLockSync(target, () => 1)).toThrow(expect.objectContaining({ code: 'ENAMETOOLONG' }));
    await expect(withFileLock(target, async () => 1, { timeoutMs: 5_000 })).rejects.toMatchObject({ code: 'ENAMETOOLONG' });
  });
});

describe('breaking a lock', () => {
  it('a dead holder of this host is broken at once, also without the final newline or with pid 0', async () => {
    const host = os.hostname();
    const dead = await deadPid();
    for (const line of [`${dead}.1700000000000.0@${host}\n`, `${dead}.1700000000000.7@${host}`, `0.1700000000000.0@${host}\n`]) {
      const target = path.join(dir(), 'index.json');
      writeFileSync(`${target}.lock`, line);
      expect(await outcome(target), line).toBe('broken');
    }
  });

  it.skipIf(process.getuid?.() === 0)('a holder that is another user’s live process (EPERM) is waited for', async () => {
    // pid 1 (init) runs as root: a signal from this user is refused with EPERM, which means alive.
    const target = path.join(dir(), 'index.json');
    writeFileSync(`${target}.lock`, `1.1700000000000.0@${os.hostname()}\n`);
    expect(await outcome(target)).toBe('waited');
  });

  it('the holder check itself, as under any user (root is never refused a signal): EPERM is alive, ESRCH is gone', () => {
    const refused = (code: string) => () => {
      throw Object.assign(new Error(code), { code });
    };
    expect(pidAlive(4242, refused('EPERM'))).toBe(true);
    expect(pidAlive(4242, refused('ESRCH'))).toBe(false);
    expect(pidAlive(4242, () => true)).toBe(true);
    expect(pidAlive(0, () => true)).toBe(false);
    expect(pidAlive(-1, () => true)).toBe(false);
    expect(pidAlive(1.5, () => true)).toBe(false);
    expect(pidAlive(process.pid)).toBe(true);
  });

  it('a line that is not exactly a holder line is waited for, even when it names a dead pid', async () => {
    const host = os.hostname();
    const dead = await deadPid();
    for (const line of [
      `x${dead}.1700000000000.0@${host}\n`,
      `${dead}.1700000000000.0@${host}\nmore\n`,
      `${dead}.1700000000000@${host}\n`,
      `${dead}.1700000000000.0@${host}.example\n`,
      `${dead}.1700000000000.0@\n`,
      '',
    ]) {
      const target = path.join(dir(), 'index.json');
      writeFileSync(`${target}.lock`, line);
      expect(await outcome(target), JSON.stringify(line)).toBe('waited');
    }
  });

  it('a live holder is waited for until the lock is 30 s old by default, then taken over', async () => {
    const target = path.join(dir(), 'index.json');
    writeFileSync(`${target}.lock`, `${process.pid}.1700000000000.0@${os.hostname()}\n`);
    const at = (secondsAgo: number) => {
      const t = new Date(Date.now() - secondsAgo * 1000);
      utimesSync(`${target}.lock`, t, t);
    };
    at(20);
    expect(await outcome(target)).toBe('waited');
    at(40);
    expect(await outcome(target)).toBe('broken');
  });

  it('leaves no grave, removes the dead holder’s temp files and keeps every other file', async () => {
    const d = dir();
    const target = path.join(d, 'index.json');
    const dead = await deadPid();
    writeFileSync(`${target}.lock`, `${dead}.1700000000000.0@${os.hostname()}\n`);
    const removed = [`index.json.${dead}.m0abc.0.tmp`, `sessions.json.${dead}.lz9.1a.tmp`];
    const kept = [
      'index.json',
      `index.json.${process.pid}.m0abc.1.tmp`,
      `index.json.${dead}.m0abc.0.tmp.keep`,
      `index.json.${dead}.m0abc.tmp`,
      `index.json.${dead}.M0ABC.0.tmp`,
      `index.json.${dead}x.m0abc.0.tmp`,
      `index.json.${dead}.m0-bc.0.tmp`,
      `index.json.${dead}.m0abc.0xtmp`,
      `notes-${dead}.m0abc.0.tmp`,
    ];
    for (const name of [...removed, ...kept]) writeFileSync(path.join(d, name), 'x');
    expect(await outcome(target)).toBe('broken');
    expect(readdirSync(d).sort()).toEqual([...kept].sort());
  });
});
