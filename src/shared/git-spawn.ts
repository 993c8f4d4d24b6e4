import { builtin } from './builtin.js';
import { ButlerError } from './errors.js';
import { GIT_SAFETY, type GitResult, type GitRunner } from './git.js';

/** How a runner differs between its callers: the hooks' short bound, the server's long one. */
export interface SpawnGitOptions {
  /** The bound when a call names none (the hooks 5 s; the server and CLI 60 s). */
  defaultTimeoutMs?: number;
  /** A missing git binary is a clear ButlerError (server, CLI) instead of a failed result (hooks). */
  missingGitThrows?: boolean;
  /** Replaceable only so that a test can prove a missing git gets a clear error. */
  bin?: string;
}

const MAX_OUTPUT = 100 * 1024 * 1024;

/**
 * The one GitRunner implementation, on plain child_process: argument arrays, never a shell. It
 * replaced execa for the server and CLI too, whose ~110 KB (with its dependencies) the vendored
 * runtime's size limit (scripts/build.mjs, issue #13) could not afford. child_process (and the ~25
 * stream and socket modules it pulls in) loads only when git actually runs: a SessionStart with no
 * snapshot to check never pays for it.
 */
export const spawnGitWith =
  (baseEnv: Record<string, string | undefined>, runner: SpawnGitOptions = {}): GitRunner =>
  (cwd, args, opts = {}) =>
    new Promise<GitResult>((resolve, reject) => {
      const { spawn } = builtin<typeof import('node:child_process')>('node:child_process');
      // A call with its own bound (a network call) runs in its own process group: git's helpers
      // (git-remote-http, ssh) keep the pipes open after git itself is killed, so the bound must
      // kill the whole group.
      const bounded = opts.timeoutMs !== undefined;
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      let size = 0;
      let timedOut = false;
      let settled = false;
      const child = spawn(runner.bin ?? 'git', [...GIT_SAFETY, ...args], {
        cwd,
        // No prompt may ever wait on a terminal that an agent cannot answer.
        env: { ...baseEnv, GIT_TERMINAL_PROMPT: '0', GCM_INTERACTIVE: 'never', LC_ALL: 'C', ...opts.env },
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: bounded,
      });
      const kill = () => killGroup(child, bounded);
      const timer = setTimeout(
        () => {
          timedOut = true;
          kill();
        },
        opts.timeoutMs ?? runner.defaultTimeoutMs ?? 5_000,
      );
      const take = (into: Buffer[]) => (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_OUTPUT) kill();
        else into.push(chunk);
      };
      child.stdout?.on('data', take(out));
      child.stderr?.on('data', take(err));
      const finish = (r: GitResult | ButlerError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (r instanceof ButlerError) reject(r);
        else resolve(r);
      };
      child.on('error', (e: NodeJS.ErrnoException) => {
        const missing = e.code === 'ENOENT';
        if (runner.missingGitThrows)
          finish(
            new ButlerError(
              'backend_error',
              missing ? 'git is not installed or not on PATH' : 'git could not be started',
              missing ? 'Install git and make sure it is on PATH.' : 'Check the project folder and retry.',
              {},
              String(e.message ?? '').slice(0, 500),
            ),
          );
        else finish({ stdout: '', stderr: String(e.message ?? e), exitCode: 1 });
      });
      child.on('close', (code) => {
        const stdout = Buffer.concat(out).toString('utf8');
        const stderr = Buffer.concat(err).toString('utf8');
        if (timedOut) finish({ stdout, stderr, exitCode: 124, timedOut: true });
        else if (size > MAX_OUTPUT) finish({ stdout: '', stderr: 'git printed more than 100 MB', exitCode: 1 });
        else finish({ stdout, stderr, exitCode: code ?? 1 });
      });
      // git must never wait on stdin it was not given; a closed pipe is not an error of the call.
      child.stdin?.on('error', () => {});
      child.stdin?.end(opts.input);
    });

function killGroup(child: { pid?: number; kill: (signal?: NodeJS.Signals) => boolean }, group: boolean): void {
  try {
    if (!group || child.pid === undefined) throw new Error('no group');
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // No process group (Windows, or an unbounded call) or already gone: the process itself.
    child.kill('SIGKILL');
  }
}

/**
 * One synchronous git run, for the few reads that sit in synchronous code (tracked-logs.ts, reached
 * from the SessionStart hook's one-read index path). Same contract; the process's environment.
 */
export function gitSync(cwd: string, args: readonly string[], timeoutMs = 5_000): { stdout: string; exitCode: number } {
  const { spawnSync } = builtin<typeof import('node:child_process')>('node:child_process');
  const r = spawnSync('git', [...GIT_SAFETY, ...args], { cwd, encoding: 'utf8', timeout: timeoutMs, stdio: ['ignore', 'pipe', 'ignore'] });
  return { stdout: r.stdout ?? '', exitCode: r.status ?? 1 };
}
