/**
 * Server instructions: Codex shows them as the namespace description, Claude Code as server guidance.
 * Counted in the 10,000-byte budget with the tool schemas, so every line must earn its place.
 */
export const INSTRUCTIONS = `Butler records work and hands it over between agent sessions. Use it instead of raw git.
- Start: work_session_start(project_root), then its required_action.
- git status/diff/log/add+commit/push/pull -> work_observe / work_diff / work_history / work_record / work_publish / work_sync. Asked to publish: work_observe, work_record if needed, then work_publish. Done: work_finish.
- Issues: issue_read/create/comment/delete_comment/update_title/update_body/reopen/close. An issue_create body needs current state, next step and blockers. A local issue change is recorded, and pushed when nothing else is unpublished.
- Handover: handover_suspend before ending; handover_resume after a restart; handover_transfer(target_brain) to another agent (find ids with handover_list_brains; share: true when it works in another clone); handover_accept to take it over (noted as taken; no other agent gets it).
- Every result is {status, summary, data}. Run data.required_action now without asking unless status is need_input or the user said otherwise: it never needs the user (work_record too: a local record this project's install asks for, never pushed); data.ask_user_first (publish, close an issue, transfer, retire) needs the user's yes first: ask, never run it unasked. With candidate_handovers, let the user choose; never pick one yourself. data.next_session / for_target / for_source are for another session or agent: tell the user, never run them.`;
