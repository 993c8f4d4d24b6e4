// What the handover bench loads in process (bundled on the fly by scripts/bench/_stats.mjs loadTs).
export { renderSnapshot } from '../../src/handover/snapshot.js';
export { parseNotes } from '../../src/handover/notes.js';
export { HandoverStore } from '../../src/handover/store.js';
export { listHandovers } from '../../src/handover/list.js';
