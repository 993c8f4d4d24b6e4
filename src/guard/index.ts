// The guard's front door (docs/decisions.md D38): the only module of src/guard/ imported from outside it.
import type { evaluate as Evaluate } from './evaluate.js';

export { needsParse, quickMentionsGit } from './quick.js';
export { guardFromText } from './config.js';
export type { GuardMode } from './decide.js';
export { changeGuard, gitSubcommands, readGuardSettings, type GuardChange } from './settings.js';
export { blobAt, changedProtected, committedProtected, protectedChanges, type ProtectedChanges } from './protected.js';

/**
 * Decides one command. The parser and the rules load on the first call, so the PreToolUse hook's fast
 * path (needsParse false: no git possible) never evaluates them.
 */
export const evaluate: typeof Evaluate = async (...args) => (await import('./evaluate.js')).evaluate(...args);
