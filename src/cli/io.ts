/** What a CLI command may touch. Injected so commands run in tests without a real terminal. */
export interface CliIO {
  cwd: string;
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads all of stdin (hooks only). */
  readStdin: () => Promise<string>;
  /** Asks a person a question; absent when stdin or stdout is not a terminal (an agent's shell). */
  ask?: (question: string) => Promise<string>;
}

export type Command = (argv: string[], io: CliIO) => Promise<number>;
