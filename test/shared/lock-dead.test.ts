import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withFileLock } from '../../src/shared/lock.js';
import { connect } from '../helpers/mcp.js';
import { makeRepo } from '../helpers/repo.js';
import { tempDir } from '../install/helpers.js';

/** A real process, killed with SIGKILL: its pid is then free (and not reused within the test). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  await new Promise((r) => child.once('spawn', r));
  const pid = child.pid!;
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  return pid;
}

const holder = (pid: number, host = os.hostname()) => `${pid}.${Date.now()}.0@${host}\n`;

describe('locks left by dead processes', () => {
  it('a fresh lock whose holder died on this host is broken at once, and its temp files go too', async () => {
    const dir = tempDir('butler-lock-');
    const target = path.join(dir, 'index.json');
    const pid = await deadPid();
    writeFileSync(`${target}.lock`, holder(pid));
    const orphan = path.join(dir, `index.json.${pid}.m0abc.0.tmp`);
    writeFileSync(orphan, 'half written');
    const live = path.join(dir, `index.json.${process.pid}.m0abc.1.tmp`);
    writeFileSync(live, 'someone alive is writing');
    const t = Date.now();
    await withFileLock(target, async () => undefined, { timeoutMs: 5000 });
    expect(Date.now() - t).toBeLessThan(1000);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(`${target}.lock`)).toBe(false);
  });

  it('a lock held by a live process, or by a dead pid on another host, is waited for', async () => {
    const dir = tempDir('butler-lock-');
    const target = path.join(dir, 'x');
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    await new Promise((r) => child.once('spawn', r));
    writeFileSync(`${target}.lock`, holder(child.pid!));
    await expect(withFileLock(target, async () => undefined, { timeoutMs: 300 })).rejects.toThrow(/timed out/);
    child.kill('SIGKILL');
    writeFileSync(`${target}.lock`, holder(await deadPid(), 'another-host.example'));
    await expect(withFileLock(target, async () => undefined, { timeoutMs: 300 })).rejects.toThrow(/timed out/);
  });

  it('a server killed while holding the snapshot index lock does not stall the next handover', async () => {
    const { root } = makeRepo();
    const dir = path.join(root, 'session_logs', 'handover');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'index.json.lock'), holder(await deadPid()));
    const c = await connect({ deps: { env: { BUTLER_LANG: 'en' } } });
    await c.call('work_session_start', { project_root: root });
    const t = Date.now();
    expect((await c.call('handover_suspend', { notes: 'after a crash' })).status).toBe('ok');
    expect(Date.now() - t).toBeLessThan(3000);
    await c.close();
  });
});
