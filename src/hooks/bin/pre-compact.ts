// Entry point of hooks/pre-compact.cjs: `node pre-compact.cjs --brain <id>` (PreCompact) and
// `node pre-compact.cjs --brain <id> --trigger session-end` (the optional SessionEnd hook, one bundle for
// both). Prints nothing and exits 0 whatever happens, so a compaction or an exit is never held up for
// long or stopped. It also exports the snapshot writer, which session-start.cjs requires when it
// recovers an ended session (then nothing runs here). The hook bundles are CommonJS (scripts/build.mjs):
// `require.main` tells the two uses apart.
import { autoCheckpoint } from '../pre-compact.js';
import { brainArg, deadline, triggerArg } from './args.js';
import { readStdin } from './read-stdin.js';

export { writeAutoSnapshot } from '../../handover/index.js';

/**
 * Milliseconds before the hook gives up. SessionEnd runs while the client shuts down: Codex clamps its
 * timeout to 3 s (install writes 3, src/install/constants.ts), so the hook is done before that.
 */
const DEADLINE_MS = { precompact: 8000, postcompact: 8000, 'session-end': 2500 } as const;

if (require.main === module) {
  const argv = process.argv.slice(2);
  const trigger = triggerArg(argv);
  readStdin(1000)
    .then((input) => deadline(autoCheckpoint(input, { brain: brainArg(argv), env: process.env, trigger }), DEADLINE_MS[trigger], ''))
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => process.exit(0));
}
