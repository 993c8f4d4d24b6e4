import { execa } from 'execa';
import type { Lang } from '../shared/config.js';
import { ButlerError, invalidArgument } from '../shared/errors.js';
import { RECORD_ID, SAFE_REF } from '../shared/ids.js';
import { repoText } from './messages/repo.js';

import { GIT_SAFETY, type GitRunner } from '../shared/git.js';

/** `bin` is replaceable only so that a test can prove a missing git gets a clear error. */
export function createExecaGit(bin = 'git'): GitRunner {
  return async (cwd, args, opts = {}) => {
    try {
      const bounded = opts.timeoutMs !== undefined;
      const sub = execa(bin, [...GIT_SAFETY, ...args], {
        cwd,
        input: opts.input,
        // No prompt may ever wait on a terminal that an agent cannot answer.
        env: { GIT_TERMINAL_PROMPT: '0', GCM_INTERACTIVE: 'never', LC_ALL: 'C', ...opts.env },
        reject: false,
        stripFinalNewline: false,
        // A network call runs in its own process group: git's helpers (git-remote-http, ssh) keep
        // the pipes open after git itself is killed, so the bound must kill the whole group.
        ...(bounded ? { detached: true } : { timeout: 60_000 }),
      });
      let timedOut = false;
      const timer = bounded
        ? setTimeout(() => {
            timedOut = true;
            killGroup(sub);
          }, opts.timeoutMs)
        : undefined;
      const r = await sub.finally(() => clearTimeout(timer));
      if (r.timedOut || timedOut) return { stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? ''), exitCode: 124, timedOut: true };
      if (r.failed && r.exitCode === undefined) {
        const missing = (r as { code?: string }).code === 'ENOENT';
        throw new ButlerError(
          'backend_error',
          missing ? 'git is not installed or not on PATH' : 'git could not be started',
          missing ? 'Install git and make sure it is on PATH.' : 'Check the project folder and retry.',
          {},
          String(r.message ?? '').slice(0, 500),
        );
      }
      return { stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? ''), exitCode: r.exitCode ?? 1 };
    } catch (err) {
      if (err instanceof ButlerError) throw err;
      throw new ButlerError('backend_error', 'git could not be started', 'Check that git is installed.', {}, String(err));
    }
  };
}

function killGroup(sub: { pid?: number; kill: (signal?: NodeJS.Signals) => boolean }): void {
  try {
    if (sub.pid === undefined) throw new Error('no pid');
    process.kill(-sub.pid, 'SIGKILL');
  } catch {
    // No process groups (Windows) or already gone: the process itself is the best that can be done.
    sub.kill('SIGKILL');
  }
}

export const execaGit: GitRunner = createExecaGit();

export function assertRecordId(id: string, lang: Lang): string {
  if (!RECORD_ID.test(id)) {
    const t = repoText(lang);
    throw invalidArgument(t.badRecordId, t.badRecordIdHint, { record_id: id });
  }
  return id;
}

export function assertSafeRef(ref: string, what: string, lang: Lang): string {
  if (!SAFE_REF.test(ref)) {
    const t = repoText(lang);
    throw invalidArgument(t.unsafeRef(what), t.unsafeRefHint, { [what]: ref });
  }
  return ref;
}
