// The handovers waiting for a brain at the start of a session: one choice for the SessionStart hook and
// for work_session_start's answer. Field trial 5: the hook said "handover_accept next" while
// work_session_start said work_observe, and an agent that followed required_action strictly would have
// published before reading the handover.
import type { Lang } from '../shared/config.js';
import { acceptedBy, type CandidateResult, describeCandidate, selectCandidates } from './candidates.js';
import { startText } from './messages/start.js';
import { isOwn } from './origin.js';
import { closedIssues, shareState } from './start-prompt.js';
import { HandoverStore, type IndexEntry } from './store.js';

/** Resume-mode candidates for `me` in this clone, closed issues' snapshots held back. */
export function startCandidates(root: string, entries: readonly IndexEntry[], me: string | null, clone: string | null): CandidateResult {
  const query = { issueId: null, me, mode: 'resume' as const, clone };
  const sel = selectCandidates(entries, query);
  const closed = closedIssues(root, sel.candidates);
  return closed.size ? selectCandidates(entries, { ...query, closedIssues: closed }) : sel;
}

/**
 * Snapshots for `me` that were not written here (shared, committed): shown as data with their origin,
 * never as work to resume; the user decides whether to handover_accept one (issue #23).
 */
export function foreignCandidates(entries: readonly IndexEntry[], me: string | null, clone: string | null): IndexEntry[] {
  // The common case, nothing from elsewhere, costs one pass and no second selection.
  if (entries.every(isOwn)) return [];
  return selectCandidates(entries, { issueId: null, me, mode: 'accept', clone }).candidates.filter((e) => !isOwn(e));
}

export interface Waiting {
  /** The one handover to read next, with the tool that reads it; null when none or several. */
  next: { tool: 'handover_resume' | 'handover_accept'; handover_id: string; reason: string } | null;
  /** Several candidates (at most 3), shaped as resume/accept list them, and what to tell the user; the user chooses. */
  choose: ReturnType<typeof describeCandidate>[];
  chooseReason?: string;
  /** Waiting but not written here: data for the user to decide on, never a required_action. */
  foreign: ReturnType<typeof describeCandidate>[];
}

export async function waitingHandover(root: string, me: string, lang: Lang): Promise<Waiting> {
  const entries = await new HandoverStore(root).entries();
  if (!entries.length) return { next: null, choose: [], foreign: [] };
  const clone = shareState(root).clone;
  const foreign = foreignCandidates(entries, me, clone).slice(0, 3).map(describeCandidate);
  const [one, ...more] = startCandidates(root, entries, me, clone).candidates;
  if (!one) return { next: null, choose: [], foreign };
  const t = startText(lang);
  if (more.length) {
    const three = [one, ...more].slice(0, 3);
    return {
      next: null,
      choose: three.map(describeCandidate),
      chooseReason: t.choose(three.map((c) => c.handover_id).join(', ')),
      foreign,
    };
  }
  const own = one.source_brain === me || acceptedBy(one)?.by === me;
  return {
    next: { tool: own ? 'handover_resume' : 'handover_accept', handover_id: one.handover_id, reason: t.waiting },
    choose: [],
    foreign,
  };
}
