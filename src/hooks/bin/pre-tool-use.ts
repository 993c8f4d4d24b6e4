// Entry point of hooks/pre-tool-use.mjs. Imports nothing heavy: the no-git fast path must cost no
// more than Node's own start-up.
import { preToolUse } from '../pre-tool-use.js';
import { readStdin } from './read-stdin.js';

readStdin(2000)
  .then((input) => preToolUse(input, process.env))
  .then(
    (out) => {
      if (out) process.stdout.write(out);
    },
    () => undefined,
  )
  .finally(() => {
    process.exitCode = 0;
  });
