import type { AgentWords } from './person.js';

/** What a CLI command may touch. Injected so commands run in tests without a real terminal. */
export interface CliIO {
  cwd: string;
  env: Record<string, string | undefined>;
  /** The user's Butler folder outside every repository (`userConfigDir`); approvals live there. */
  userConfigDir?: string;
  /** Asks the person at the terminal; absent when nobody can answer (no TTY, tests, hooks). */
  ask?: (question: string) => Promise<string>;
  /** The agent client this process runs under, if any (src/cli/person.ts); absent in tests: none. */
  agent?: (say?: AgentWords) => string | null;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads all of stdin (hooks only). */
  readStdin: () => Promise<string>;
}

export type Command = (argv: string[], io: CliIO) => Promise<number>;
