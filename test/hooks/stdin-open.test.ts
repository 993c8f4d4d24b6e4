// Both hook bundles answer and exit while stdin stays open (a client or a FIFO that never closes it):
// the read has a deadline and never holds the process (src/hooks/bin/read-stdin.ts).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.join(__dirname, '..', '..');
const repo = mkdtempSync(path.join(os.tmpdir(), 'butler-stdin-'));
mkdirSync(path.join(repo, '.git'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));

/** Writes `input` and keeps stdin open; resolves with stdout and the time to exit. */
function runOpen(bundle: string, input: string, args: string[] = []): Promise<{ out: string; code: number | null; ms: number }> {
  return new Promise((resolve) => {
    const t = Date.now();
    const child = spawn(process.execPath, [path.join(ROOT, 'hooks', bundle), ...args], { cwd: repo, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stdin.write(input);
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(guard);
      child.stdin.destroy();
      resolve({ out, code, ms: Date.now() - t });
    });
  });
}

describe('hooks exit while stdin stays open', () => {
  it('pre-tool-use: a complete request is answered at once', async () => {
    const r = await runOpen('pre-tool-use.cjs', JSON.stringify({ tool_name: 'Bash', cwd: repo, tool_input: { command: 'git push' } }));
    expect(r.code).toBe(0);
    expect(r.out).toContain('"permissionDecision":"deny"');
    expect(r.ms).toBeLessThan(15_000);
  });

  it('pre-tool-use: a truncated request that names git is denied at the deadline', async () => {
    const r = await runOpen('pre-tool-use.cjs', '{"tool_name":"Bash","tool_input":{"command":"git pu');
    expect(r.code).toBe(0);
    expect(r.out).toContain('"permissionDecision":"deny"');
  });

  it('session-start: answers and exits', async () => {
    const r = await runOpen('session-start.cjs', JSON.stringify({ cwd: repo, session_id: 's', source: 'startup' }), [
      '--brain',
      'claude-code',
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('work_session_start');
  });

  it('pre-tool-use: stdin is a FIFO nobody writes to', async () => {
    const fifo = path.join(repo, 'in.fifo');
    execFileSync('mkfifo', [fifo]);
    const t = Date.now();
    // bash holds the FIFO open read-write, so the hook's stdin never sees EOF.
    execFileSync('bash', ['-c', `exec 3<>"${fifo}"; "${process.execPath}" "${path.join(ROOT, 'hooks', 'pre-tool-use.cjs')}" < "${fifo}"`], {
      timeout: 20_000,
    });
    expect(Date.now() - t).toBeLessThan(15_000);
  });
});

describe('the sh pre-filter has a stdin deadline too', () => {
  /** Runs `sh hooks/pre-tool-use.sh` with `input` written and stdin left open; resolves at its exit. */
  function runSh(input: string): Promise<{ out: string; ms: number; code: number | null }> {
    return new Promise((resolve) => {
      const t = Date.now();
      const child = spawn('sh', [path.join(ROOT, 'hooks', 'pre-tool-use.sh')], { cwd: repo, stdio: ['pipe', 'pipe', 'ignore'] });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stdin.write(input);
      const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.on('exit', (code) => {
        clearTimeout(guard);
        child.stdin.destroy();
        resolve({ out, ms: Date.now() - t, code });
      });
    });
  }

  it('a truncated request that names git is denied within the deadline', async () => {
    const r = await runSh('{"tool_name":"Bash","tool_input":{"command":"git pu');
    expect(r.out).toContain('"permissionDecision":"deny"');
    // Exit 2 too: the client is not known, and Gemini CLI would read Claude Code's JSON as allow.
    expect(r.code).toBe(2);
    expect(r.ms).toBeLessThan(10_000);
  });

  it('a complete request with stdin left open is answered, not held until the client gives up', async () => {
    const deny = await runSh(`${JSON.stringify({ tool_name: 'Bash', cwd: repo, tool_input: { command: 'git push' } })}\n`);
    expect(deny.out).toContain('"permissionDecision":"deny"');
    expect(deny.ms).toBeLessThan(10_000);
    // Allowed at once where awk reads lines as they come (gawk, busybox, BSD awk); mawk reads whole
    // blocks, so there the watchdog answers (deny: the input is not known in time).
    const plain = await runSh(`${JSON.stringify({ tool_name: 'Bash', cwd: repo, tool_input: { command: 'npm test' } })}\n`);
    expect(plain.ms).toBeLessThan(10_000);
  });
});
