// Entry point of hooks/pre-compact.mjs: `node pre-compact.mjs --brain <id>`. Prints nothing and exits 0
// whatever happens, so a compaction is never held up for long or stopped.
import { preCompact } from '../pre-compact.js';
import { brainArg, deadline } from './args.js';
import { readStdin } from './read-stdin.js';

readStdin(1000)
  .then((input) => deadline(preCompact(input, { brain: brainArg(process.argv.slice(2)), env: process.env }), 8000, ''))
  .then(() => undefined, () => undefined)
  .finally(() => process.exit(0));
