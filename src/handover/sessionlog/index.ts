/** Session logs: where they may come from, what they say since the last mark, and how that reads in a snapshot. */
export { describeAnchor } from './anchor.js';
export { extractSession } from './extract.js';
export { resolveSessionLogPath, transcriptRoots } from './paths.js';
export { renderSessionFacts } from './render.js';
export type { Fact, SessionExtract, SessionFormat, SessionMark } from './types.js';
