// The handover waiting for a brain at the start of a session: the same choice the SessionStart hook
// makes (selectCandidates in resume mode, closed issues held back), for work_session_start's answer.
// Field trial 5: the hook said "handover_accept next" while work_session_start said work_observe, and an
// agent that followed required_action strictly would have published before reading the handover.
import type { Lang } from '../shared/config.js';
import { readConfig } from '../shared/config.js';
import { acceptedBy, selectCandidates } from './candidates.js';
import { startText } from './messages/start.js';
import { closedIssues, shareStatus } from './start-prompt.js';
import { HandoverStore } from './store.js';

export interface Waiting {
  /** The one handover to read next, with the tool that reads it; null when none or several. */
  next: { tool: 'handover_resume' | 'handover_accept'; handover_id: string; reason: string } | null;
  /** Several candidates: their ids (at most 3) and what to tell the user; the user chooses. */
  choose: string[];
  chooseReason?: string;
}

export async function waitingHandover(root: string, me: string, now: Date, lang: Lang): Promise<Waiting> {
  const entries = await new HandoverStore(root).entries();
  if (!entries.length) return { next: null, choose: [] };
  const { config } = await readConfig(root);
  const share = shareStatus(root, config.handover?.share ?? false, now, lang);
  const query = { issueId: null, me, mode: 'resume' as const, clone: share.clone };
  let sel = selectCandidates(entries, query);
  const closed = closedIssues(root, sel.candidates);
  if (closed.size) sel = selectCandidates(entries, { ...query, closedIssues: closed });
  const [one, ...more] = sel.candidates;
  if (!one) return { next: null, choose: [] };
  const t = startText(lang);
  if (more.length) {
    const ids = sel.candidates.slice(0, 3).map((c) => c.handover_id);
    return { next: null, choose: ids, chooseReason: t.choose(ids.join(', ')) };
  }
  const own = one.source_brain === me || acceptedBy(one)?.by === me;
  return { next: { tool: own ? 'handover_resume' : 'handover_accept', handover_id: one.handover_id, reason: t.waiting }, choose: [] };
}
