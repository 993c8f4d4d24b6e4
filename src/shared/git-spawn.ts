import { execFile } from 'node:child_process';
import type { GitRunner } from '../work/git.js';

/**
 * GitRunners on plain child_process, for the hooks: loading execa would cost more start-up time
 * than the git calls themselves. Same contract: argument arrays, never a shell.
 */
export const spawnGitWith = (baseEnv: Record<string, string | undefined>): GitRunner => (cwd, args, opts = {}) =>
  new Promise((resolve) => {
    const child = execFile(
      'git',
      args as string[],
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
