/** The 25 brain-facing tool names of the contract (DESIGN.md, work_sync from issue #12), written out so tests pin them independently of src/. */
export const BRAIN_TOOL_NAMES = [
  'work_session_start', 'work_start', 'work_observe', 'work_diff', 'work_history', 'work_record', 'work_publish', 'work_sync', 'work_finish',
  'issue_read', 'issue_create', 'issue_comment', 'issue_delete_comment', 'issue_update_title', 'issue_update_body', 'issue_reopen', 'issue_close',
  'handover_suspend', 'handover_resume', 'handover_transfer', 'handover_accept', 'handover_prepare', 'handover_read', 'handover_list', 'handover_list_brains',
] as const;
