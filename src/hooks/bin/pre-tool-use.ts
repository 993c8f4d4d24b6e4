// Entry point of hooks/pre-tool-use.mjs. Imports nothing heavy: the no-git fast path must cost no
// more than Node's own start-up. Always exits 0: a failing hook must not break the session.
import { preToolUse } from '../pre-tool-use.js';
import { readStdin } from './read-stdin.js';

readStdin(1000)
  .then((input) => preToolUse(input, process.env))
  .then(
    (out) => {
      if (out) process.stdout.write(out);
    },
    () => undefined,
  )
  .finally(() => {
    process.exitCode = 0;
    // A client that never closes stdin must not keep the hook alive after it has answered.
    process.stdin.destroy();
  });
