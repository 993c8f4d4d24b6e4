// Entry point of hooks/session-start.mjs: `node session-start.mjs --brain <id>`. Any error prints
// nothing and exits 0, so a session start never breaks.
import { sessionStart } from '../session-start.js';
import { readStdin, writeOut } from './read-stdin.js';

function brainArg(argv: string[]): string | null {
  const i = argv.indexOf('--brain');
  return i >= 0 ? (argv[i + 1] ?? null) : null;
}

readStdin(1000)
  .then((input) => sessionStart(input, { brain: brainArg(process.argv.slice(2)), env: process.env }))
  .then(writeOut, () => undefined)
  .finally(() => process.exit(0));
