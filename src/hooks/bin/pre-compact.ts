// Entry point of hooks/pre-compact.cjs: `node pre-compact.cjs --brain <id>`. Prints nothing and exits 0
// whatever happens, so a compaction is never held up for long or stopped. It also exports the snapshot
// writer, which session-start.cjs requires when it recovers an ended session (then nothing runs here).
// The hook bundles are CommonJS (scripts/build.mjs): `require.main` tells the two uses apart.
import { preCompact } from '../pre-compact.js';
import { brainArg, deadline } from './args.js';
import { readStdin } from './read-stdin.js';

export { writeAutoSnapshot } from '../../handover/auto.js';

if (require.main === module) {
  readStdin(1000)
    .then((input) => deadline(preCompact(input, { brain: brainArg(process.argv.slice(2)), env: process.env }), 8000, ''))
    .then(() => undefined, () => undefined)
    .finally(() => process.exit(0));
}
