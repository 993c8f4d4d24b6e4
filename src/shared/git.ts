// The one git-runner contract, implemented once on child_process (`git-spawn.ts`); the server and CLI
// take it with a longer bound through `src/work/git.ts`. Capabilities take a
// GitRunner as an argument, so tests can count calls.

export interface GitResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** Set when the runner stopped git at `timeoutMs` (exitCode is then 124, as timeout(1) reports). */
  timedOut?: boolean;
}

export interface GitRunOptions {
  input?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * Put before every argument list Butler's runners pass to git (docs/decisions.md D34): whatever the
 * repository's own `.git/config` says, Butler's git runs no repository hook (`core.hooksPath` to a
 * folder that holds none; a pre-commit hook could stage a guard relaxation into work_record's commit
 * after the check) and no fsmonitor command. The other commands a config can name (clean/smudge
 * filters, ssh, credential helpers, the signing program) stay the person's: the guard is not a sandbox,
 * and what they could change in a commit is caught by checking the commit Butler created.
 */
export const GIT_SAFETY: readonly string[] = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false'];

/** Runs git with an argument array (never a shell string). */
export type GitRunner = (cwd: string, args: readonly string[], opts?: GitRunOptions) => Promise<GitResult>;

/** What git prints when a remote refuses the credentials (fetch, push, the shared handover ref). */
export const REMOTE_AUTH_FAILED =
  /authentication failed|could not read (username|password)|permission denied|publickey|\b40[13]\b|access denied|terminal prompts disabled/i;

/** What git prints when a remote cannot be reached at all. */
export const REMOTE_UNREACHABLE =
  /could not resolve host|unable to access|connection (refused|timed out|reset)|could not read from remote|does not appear to be a git repository|failed to connect/i;

/**
 * What recording some files as a record of their own did (src/work/own-record.ts makes it; local issue
 * changes report it, src/issues/record.ts). Here because both capabilities name it and neither imports the other.
 */
export interface OwnRecordNote {
  /** The record made, or null. */
  record_id: string | null;
  /** Recorded but not on the upstream. */
  needs_publish: boolean;
  /** The files are unrecorded changes in the work tree: work_record takes them. */
  needs_record: boolean;
  /** The record was pushed (it was the branch's one unpublished record). */
  published?: boolean;
  /** Why no record was made, or why the push failed, in English (data). */
  not_recorded?: string;
  not_published?: string;
}

/**
 * The paths `git status --porcelain -z --no-renames` names, given its other options and pathspecs; null when
 * git exits with an error (a runner that throws, throws). `--no-renames`: with `-z` a rename's old path is an entry of its own, without the status columns.
 */
export async function statusPaths(git: GitRunner, root: string, args: readonly string[]): Promise<string[] | null> {
  const r = await git(root, [...GIT_SAFETY, 'status', '--porcelain=v1', '-z', '--no-renames', ...args]);
  if (r.exitCode !== 0) return null;
  return r.stdout
    .split('\0')
    .filter((e) => e.length > 3)
    .map((e) => e.slice(3));
}
