// Entry point of hooks/session-start.mjs: `node session-start.mjs --brain <id>`. Any error prints
// nothing and exits 0, so a session start never breaks.
import { sessionStart } from '../session-start.js';
import { readStdin, writeOut } from './read-stdin.js';

function brainArg(argv: string[]): string | null {
  const i = argv.indexOf('--brain');
  return i >= 0 ? (argv[i + 1] ?? null) : null;
}

/** Whatever happens inside, the hook answers well within the installer's timeout: silence after 3 s. */
const deadline = <T>(p: Promise<T>, ms: number, fallback: T): Promise<T> =>
  Promise.race([p, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms).unref())]);

readStdin(1000)
  .then((input) => deadline(sessionStart(input, { brain: brainArg(process.argv.slice(2)), env: process.env }), 3000, ''))
  .then(writeOut, () => undefined)
  .finally(() => process.exit(0));
