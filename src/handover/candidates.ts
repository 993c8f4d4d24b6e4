import { scopeKey, type IndexEntry } from './store.js';

export interface CandidateQuery {
  /** The issue in scope (explicit or default). null = no issue: every snapshot in the project. */
  issueId: number | null;
  /** The current brain, normalised; null when unknown. */
  me: string | null;
  mode: 'resume' | 'accept';
  /** accept: only snapshots from this brain. */
  source?: string | null;
  createdFrom?: string | null;
  createdTo?: string | null;
}

export interface CandidateResult {
  /** Which target rule matched: this brain exactly, or the `any` fallback. */
  tier: 'exact' | 'any' | null;
  candidates: IndexEntry[];
}

/**
 * The seed's selection rules, in one place for resume, accept and the SessionStart hook:
 * - an issue scope never falls back to project-level snapshots (seed 001, bug A);
 * - target_brain = this brain first, `any` only when there is none;
 * - an unknown brain only ever gets `any` snapshots, never one addressed to a specific brain;
 * - history is append-only, so only the newest per (scope, source, target) competes: the same brain
 *   suspending twice is one candidate, two brains handing over the same scope are two.
 * Entries must be newest first.
 */
export function selectCandidates(entries: readonly IndexEntry[], q: CandidateQuery): CandidateResult {
  const from = q.createdFrom ? Date.parse(q.createdFrom) : null;
  const to = q.createdTo ? Date.parse(q.createdTo) : null;
  const seen = new Set<string>();
  const newest: IndexEntry[] = [];
  for (const e of entries) {
    if (q.issueId !== null && e.issue_id !== q.issueId) continue;
    if (q.source && e.source_brain !== q.source) continue;
    // accept is taking over from another brain; one's own suspends are resume's business.
    if (q.mode === 'accept' && q.me && e.source_brain === q.me) continue;
    const t = Date.parse(e.created_at);
    if (from !== null && t < from) continue;
    if (to !== null && t > to) continue;
    const key = `${scopeKey(e.issue_id)}|${e.source_brain}|${e.target_brain}`;
    if (seen.has(key)) continue;
    seen.add(key);
    newest.push(e);
  }
  if (q.me) {
    const exact = newest.filter((e) => e.target_brain === q.me);
    if (exact.length) return { tier: 'exact', candidates: exact };
  }
  const any = newest.filter((e) => e.target_brain === 'any');
  return { tier: any.length ? 'any' : null, candidates: any };
}

/** What a brain needs to tell candidates apart, as the seed lists it. */
export function describeCandidate(e: IndexEntry) {
  return {
    handover_id: e.handover_id,
    issue_id: e.issue_id,
    issue_title: e.issue_title,
    source_brain: e.source_brain,
    target_brain: e.target_brain,
    created_at: e.created_at,
    summary: e.summary,
  };
}
