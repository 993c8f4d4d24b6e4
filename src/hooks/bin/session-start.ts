// Entry point of hooks/session-start.mjs: `node session-start.mjs --brain <id>`. Any error prints
// nothing and exits 0, so a session start never breaks.
import { sessionStart } from '../session-start.js';
import { brainArg, deadline } from './args.js';
import { readStdin, writeOut } from './read-stdin.js';

/** Whatever happens inside, the hook answers well within the installer's timeout: silence after 3 s. */
readStdin(1000)
  .then((input) => deadline(sessionStart(input, { brain: brainArg(process.argv.slice(2)), env: process.env }), 3000, ''))
  .then(writeOut, () => undefined)
  .finally(() => process.exit(0));
