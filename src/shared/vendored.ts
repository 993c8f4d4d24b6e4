// Where install vendors Butler's runtime in a project (the folder every installed command points at) and
// the SessionStart shell answer in it (docs/decisions.md D40). Here, not in install/: the SessionStart hook
// does its start-memo work only where that script is there to read the memo (src/handover/start-memo.ts).
export const BIN_DIR = '.butler/bin';
export const START_SCRIPT = 'session-start.sh';
