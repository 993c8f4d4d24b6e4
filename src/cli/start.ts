import os from 'node:os';
import { createInterface } from 'node:readline/promises';
import { readStdin as readStdinUntil } from '../hooks/bin/read-stdin.js';
import { userConfigDir } from '../shared/user-config.js';
import type { CliIO } from './io.js';
import { agentAncestor } from './person.js';
import { asInvoked, butlerOnPath, invokedAs, wholeOutput } from './prog-name.js';

// `butler hook …` reads the client's JSON with the same deadline as the hook bundles: a client that
// keeps stdin open must not make a PreToolUse hook time out (a timed-out hook lets the command run).
const readStdin = (): Promise<string> => readStdinUntil(1000);

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

/** The process side of both CLI bundles (the full `butler` and the vendored runtime). */
export function startCli(run: (argv: string[], io: CliIO) => Promise<number>): void {
  const argv = process.argv.slice(2);
  // A client reads the hooks' and the server's output, not a person: left as it is.
  const person = argv[0] !== 'hook' && argv[0] !== 'mcp';
  const prog = person ? invokedAs(process.argv[1], process.cwd(), butlerOnPath(process.env)) : 'butler';
  const whole = wholeOutput(process.argv.slice(2));
  run(argv, {
    cwd: process.cwd(),
    env: process.env,
    userConfigDir: userConfigDir(process.env, os.homedir()),
    ask: process.stdin.isTTY && process.stderr.isTTY ? ask : undefined,
    agent: (say) => agentAncestor(process.env, process.ppid, say),
    stdout: (t) => process.stdout.write(asInvoked(t, prog, whole)),
    // stderr holds usage errors and failures, Butler's own words: every `butler …` there is a hint (newcomer
    // walk-through 10: `handover resume`'s "Read one with: butler …" line has no label the line rewrite knows).
    stderr: (t) => process.stderr.write(asInvoked(t, prog)),
    readStdin,
  }).then(
    (code) => {
      // `butler mcp` (-1) keeps running on stdin. Every other command exits once its output is flushed:
      // a hook's stdin read may still be pending in the thread pool when a client never closes stdin.
      if (code >= 0) process.stdout.write('', () => process.exit(code));
    },
    (err) => {
      process.stderr.write(`butler: ${err instanceof Error ? err.message : String(err)}\n`, () => process.exit(1));
    },
  );
}
