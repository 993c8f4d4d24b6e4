// Entry point of hooks/pre-tool-use.cjs (CommonJS: scripts/build.mjs). Imports nothing heavy: the
// no-git fast path must cost no more than Node's own start-up. Always exits 0: a failing hook must not
// break the session.
import { preToolUse } from '../pre-tool-use.js';
import { readStdin, writeOut } from './read-stdin.js';

readStdin(800)
  .then((input) => preToolUse(input, process.env))
  .then(writeOut, () => undefined)
  .finally(() => process.exit(0));
