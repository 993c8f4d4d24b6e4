// The one git-runner contract. Two runners implement it: the light child_process one for the hooks
// (`git-spawn.ts`) and the execa one for the server and CLI (`src/work/git.ts`). Capabilities take a
// GitRunner as an argument, so tests can count calls and the hooks never load execa.

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

/** Runs git with an argument array (never a shell string). */
export type GitRunner = (cwd: string, args: readonly string[], opts?: GitRunOptions) => Promise<GitResult>;
