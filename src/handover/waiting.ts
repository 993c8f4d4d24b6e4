// The handovers waiting for a brain at the start of a session: one choice for the SessionStart hook and
// for work_session_start's answer. Field trial 5: the hook said "handover_accept next" while
// work_session_start said work_observe, and an agent that followed required_action strictly would have
// published before reading the handover.
import type { Lang } from '../shared/config.js';
import { acceptedBy, type CandidateResult, describeCandidate, selectCandidates } from './candidates.js';
import { startText } from './messages/start.js';
import { closedIssues, shareState } from './start-prompt.js';
import { HandoverStore, type IndexEntry } from './store.js';

/** Resume-mode candidates for `me` in this clone, closed issues' snapshots held back. */
export function startCandidates(root: string, entries: readonly IndexEntry[], me: string | null, clone: string | null): CandidateResult {
  const query = { issueId: null, me, mode: 'resume' as const, clone };
  const sel = selectCandidates(entries, query);
  const closed = closedIssues(root, sel.candidates);
  return closed.size ? selectCandidates(entries, { ...query, closedIssues: closed }) : sel;
}

export interface Waiting {
  /** The one handover to read next, with the tool that reads it; null when none or several. */
  next: { tool: 'handover_resume' | 'handover_accept'; handover_id: string; reason: string } | null;
  /** Several candidates (at most 3), shaped as resume/accept list them, and what to tell the user; the user chooses. */
  choose: ReturnType<typeof describeCandidate>[];
  chooseReason?: string;
}

export async function waitingHandover(root: string, me: string, lang: Lang): Promise<Waiting> {
  const entries = await new HandoverStore(root).entries();
  if (!entries.length) return { next: null, choose: [] };
  const [one, ...more] = startCandidates(root, entries, me, shareState(root).clone).candidates;
  if (!one) return { next: null, choose: [] };
  const t = startText(lang);
  if (more.length) {
    const three = [one, ...more].slice(0, 3);
    return { next: null, choose: three.map(describeCandidate), chooseReason: t.choose(three.map((c) => c.handover_id).join(', ')) };
  }
  const own = one.source_brain === me || acceptedBy(one)?.by === me;
  return { next: { tool: own ? 'handover_resume' : 'handover_accept', handover_id: one.handover_id, reason: t.waiting }, choose: [] };
}
