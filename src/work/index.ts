// The work capability's front door (docs/decisions.md D38): the only module of src/work/ imported from outside it.
export { diffWork } from './diff.js';
export { finishWork } from './finish.js';
export { createGit } from './git.js';
export { HISTORY_MAX, historyWork } from './history.js';
export { observeWork } from './observe.js';
export { statusReport } from './status-report.js';
export { recordOwnFiles } from './own-record.js';
export { publishWork } from './publish.js';
export { type PersonConsent, recordWork } from './record.js';
export { resolveProjectRoot } from './repo.js';
export { newSession, type WorkSession } from './session.js';
export { setDefaultIssue, startWorkSession } from './start.js';
export { stateText } from './messages/state.js';
export { readStatus } from './status.js';
export { syncWork } from './sync.js';
