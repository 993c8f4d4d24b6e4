// The handover capability's front door (docs/decisions.md D38): the only module of src/handover/ imported
// from outside it.
export { writeAutoSnapshot, type AutoQuery } from './auto.js';
export { checkpointSession } from './checkpoint.js';
export type { HandoverContext } from './context.js';
export { historyBrains, listHandovers, listKnownBrains, snapshotBrains } from './list.js';
export { readHandover } from './lookup.js';
export { resumeOrAccept } from './take.js';
export { prepareHandover } from './prepare.js';
export { prepareText } from './messages/prepare.js';
export { sectionForPerson } from './person-lines.js';
export { retireHandover } from './retire.js';
export { SECTIONS, sectionBody, type SectionName } from './sections.js';
export { allowSharing, previewShares } from './share-preview.js';
export { HandoverStore, type IndexEntry } from './store.js';
export { SESSION_START_LIMIT, startAnswer, type StartInput } from './start.js';
export { createHandoverContext } from './wire.js';
export { beginSession, publishWithShares } from './work-ops.js';
