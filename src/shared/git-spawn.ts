import { builtin } from './builtin.js';
import { GIT_SAFETY, type GitRunner } from '../shared/git.js';

/**
 * GitRunners on plain child_process, for the hooks: loading execa would cost more start-up time
 * than the git calls themselves. Same contract: argument arrays, never a shell. child_process (and
 * the ~25 stream and socket modules it pulls in) loads only when git actually runs: a SessionStart
 * with no snapshot to check never pays for it.
 */
export const spawnGitWith =
  (baseEnv: Record<string, string | undefined>): GitRunner =>
  (cwd, args, opts = {}) =>
    new Promise((resolve) => {
      const { execFile } = builtin<typeof import('node:child_process')>('node:child_process');
      const child = execFile(
        'git',
        [...GIT_SAFETY, ...args],
        {
          cwd,
          env: { ...baseEnv, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...opts.env },
          timeout: opts.timeoutMs ?? 5_000,
          maxBuffer: 8 * 1024 * 1024,
        },
        (err, stdout, stderr) => {
          const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
          resolve({ stdout: String(stdout), stderr: String(stderr), exitCode: code });
        },
      );
      if (opts.input !== undefined) child.stdin?.end(opts.input);
    });

/**
 * One synchronous git run, for the few reads that sit in synchronous code (tracked-logs.ts, reached
 * from the SessionStart hook's one-read index path). Same contract; the process's environment.
 */
export function gitSync(cwd: string, args: readonly string[], timeoutMs = 5_000): { stdout: string; exitCode: number } {
  const { spawnSync } = builtin<typeof import('node:child_process')>('node:child_process');
  const r = spawnSync('git', [...GIT_SAFETY, ...args], { cwd, encoding: 'utf8', timeout: timeoutMs, stdio: ['ignore', 'pipe', 'ignore'] });
  return { stdout: r.stdout ?? '', exitCode: r.status ?? 1 };
}
