// Entry point of hooks/pre-compact.mjs: `node pre-compact.mjs --brain <id>`. Prints nothing and exits 0
// whatever happens, so a compaction is never held up for long or stopped. It also exports the snapshot
// writer, which session-start.mjs imports when it recovers an ended session (then nothing runs here).
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { preCompact } from '../pre-compact.js';
import { brainArg, deadline } from './args.js';
import { readStdin } from './read-stdin.js';

export { writeAutoSnapshot } from '../../handover/auto.js';

function isEntry(): boolean {
  try {
    return !!process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) {
  readStdin(1000)
    .then((input) => deadline(preCompact(input, { brain: brainArg(process.argv.slice(2)), env: process.env }), 8000, ''))
    .then(() => undefined, () => undefined)
    .finally(() => process.exit(0));
}
