// Entry point of hooks/session-start.cjs: `node session-start.cjs --brain <id>`. Any error prints
// nothing and exits 0, so a session start never breaks. A CommonJS bundle (scripts/build.mjs).
import path from 'node:path';
import type { AutoQuery, IndexEntry } from '../../handover/index.js';
import { sessionStart, startOutput } from '../session-start.js';
import { brainArg, deadline } from './args.js';
import { readStdin, writeOut } from './read-stdin.js';
import { pinGitDirs } from '../../shared/git-refs.js';

/**
 * Recovery's snapshot writer lives in the sibling pre-compact.cjs (hooks/, .butler/bin/, the skill's
 * scripts/) and is loaded only when an ended session needs it: the common start stays small.
 */
const writeAuto = async (q: AutoQuery): Promise<IndexEntry | null> => {
  const mod = require(path.join(__dirname, 'pre-compact.cjs')) as { writeAutoSnapshot: (q: AutoQuery) => Promise<IndexEntry | null> };
  return mod.writeAutoSnapshot(q);
};

/** Whatever happens inside, the hook answers well within the installer's timeout: silence after 3 s. */
const brain = brainArg(process.argv.slice(2));
// This process answers one start and exits: the git dirs need not be stat'ed again at each ask.
pinGitDirs();
readStdin(1000)
  .then((input) => deadline(sessionStart(input, { brain, env: process.env, writeAuto }), 3000, ''))
  .then(
    (text) => writeOut(startOutput(brain, text)),
    () => undefined,
  )
  .finally(() => process.exit(0));
