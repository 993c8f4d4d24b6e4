// Entry point of hooks/pre-compact.mjs: `node pre-compact.mjs --brain <id>` (PreCompact) and
// `node pre-compact.mjs --brain <id> --trigger session-end` (the optional SessionEnd hook, one bundle for
// both). Prints nothing and exits 0 whatever happens, so a compaction or an exit is never held up for
// long or stopped. It also exports the snapshot writer, which session-start.mjs imports when it
// recovers an ended session (then nothing runs here).
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { autoCheckpoint } from '../pre-compact.js';
import { brainArg, deadline, triggerArg } from './args.js';
import { readStdin } from './read-stdin.js';

export { writeAutoSnapshot } from '../../handover/auto.js';

/**
 * Milliseconds before the hook gives up. SessionEnd runs while the client shuts down: Codex clamps its
 * timeout to 3 s (install writes 3, src/install/constants.ts), so the hook is done before that.
 */
const DEADLINE_MS = { precompact: 8000, 'session-end': 2500 } as const;

function isEntry(): boolean {
  try {
    return !!process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) {
  const argv = process.argv.slice(2);
  const trigger = triggerArg(argv);
  readStdin(1000)
    .then((input) => deadline(autoCheckpoint(input, { brain: brainArg(argv), env: process.env, trigger }), DEADLINE_MS[trigger], ''))
    .then(() => undefined, () => undefined)
    .finally(() => process.exit(0));
}
