import { isOwn, originData } from './origin.js';
import type { IndexEntry, Receipt } from './store.js';

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
  /** This clone (shared receipts): the same brain's receipt from another clone is someone else's. */
  clone?: string | null;
  /** Issues known to be closed: their snapshots are finished work, not work to take over. */
  closedIssues?: ReadonlySet<number>;
}

export interface CandidateResult {
  /** Which target rule matched: this brain exactly, or the `any` fallback. */
  tier: 'exact' | 'any' | null;
  candidates: IndexEntry[];
  /** Would have matched, but another brain accepted them (who and when: acceptedBy). */
  taken: IndexEntry[];
  /** Would have matched, but their issue is closed. */
  closed: IndexEntry[];
}

const scopeOf = (e: IndexEntry) => (e.issue_id === null ? 'project' : `issue-${e.issue_id}`);

/** The first acceptance receipt: a transfer is taken over once. */
export const acceptedBy = (e: IndexEntry): Receipt | null => e.receipts?.find((r) => r.kind === 'accepted') ?? null;
export const isRetired = (e: IndexEntry): boolean => !!e.receipts?.some((r) => r.kind === 'retired');
export const isAuto = (e: IndexEntry): boolean => e.mode === 'auto';
/** Who took it over, as one identity: a receipt made by another clone names brain@clone. */
export function takerOf(e: IndexEntry, clone?: string | null): string | null {
  const r = acceptedBy(e);
  if (!r) return null;
  return r.clone && r.clone !== clone ? `${r.by}@${r.clone}` : r.by;
}
/** The newest snapshot of this brain that read a session log: where the next read of its log starts. */
export function previousFromSameLog(entries: readonly IndexEntry[], brain: string): IndexEntry | null {
  return entries.find((e) => e.source_brain === brain && e.session_log && isOwn(e)) ?? null;
}

/** Whose work the snapshot is now: the brain that accepted it, else its author. */
export const ownerOf = (e: IndexEntry): string => acceptedBy(e)?.by ?? e.source_brain;

/**
 * Supersede, as data: a snapshot is replaced by the closest newer one in the same scope written by,
 * or accepted by, its owner. So a transfer replaces its author's earlier suspend, and the accepting
 * brain's next snapshot replaces the transfer it took. An `auto` snapshot never replaces a deliberate
 * one, and a retired snapshot replaces none. History is untouched; only selection reads `superseded_by`.
 * Entries must be newest first.
 */
export function markSuperseded(entries: IndexEntry[]): IndexEntry[] {
  // Two sets of maps: by any newer snapshot, and by newer own ones only. A snapshot written here is
  // replaced only by another written here: one from elsewhere never supersedes it (issue #23).
  const any = { auto: new Map<string, string>(), deliberate: new Map<string, string>() };
  const own = { auto: new Map<string, string>(), deliberate: new Map<string, string>() };
  // Written without per-row sets or arrays: the SessionStart hook runs this over the whole index, cold.
  for (const e of entries) {
    const scope = scopeOf(e);
    const auto = isAuto(e);
    const mine = isOwn(e);
    const taker = acceptedBy(e)?.by;
    const by = mine ? own : any;
    e.superseded_by = (auto ? by.auto : by.deliberate).get(`${scope}|${taker ?? e.source_brain}`) ?? null;
    // A retired snapshot replaces nothing: retiring the transfer that replaced a suspend offers that suspend
    // again, to resume, to the SessionStart hook and to handover_resume alike (#25).
    if (isRetired(e)) continue;
    // From here back, its author and the brain that accepted it have a newer snapshot in this scope.
    for (const b of [e.source_brain, taker]) {
      if (!b) continue;
      for (const m of mine ? [any, own] : [any]) {
        m.auto.set(`${scope}|${b}`, e.handover_id);
        if (!auto) m.deliberate.set(`${scope}|${b}`, e.handover_id);
      }
    }
  }
  return entries;
}

/**
 * The selection rules (docs/decisions.md D10), in one place for resume, accept and the SessionStart hook:
 * - an issue scope never falls back to project-level snapshots (D11, "bug A");
 * - target_brain = this brain first, `any` only when there is none;
 * - an unknown brain only ever gets `any` snapshots, never one addressed to a specific brain;
 * - retired and superseded snapshots are history, not candidates; a date range looks at history,
 *   newest per (scope, source) within it;
 * - a snapshot accepted by one brain is that brain's (exact), and nobody else's;
 * - a closed issue's snapshots are not work to take over;
 * - the newest deliberate snapshot wins over newer `auto` ones, which count only when none exists;
 * - resume offers only snapshots written in this work tree (origin.ts); others go through accept.
 * Entries must be newest first.
 */
export function selectCandidates(entries: readonly IndexEntry[], q: CandidateQuery): CandidateResult {
  const from = q.createdFrom ? Date.parse(q.createdFrom) : null;
  const to = q.createdTo ? Date.parse(q.createdTo) : null;
  const ranged = from !== null || to !== null;
  // Per (scope, source): the newest deliberate snapshot, else the newest auto one. Entries are newest first.
  const chosen = new Map<string, IndexEntry>();
  for (const e of entries) {
    if (q.issueId !== null && e.issue_id !== q.issueId) continue;
    if (q.source && e.source_brain !== q.source) continue;
    if (isRetired(e) || (!ranged && e.superseded_by)) continue;
    const taker = takerOf(e, q.clone);
    // Only a snapshot written here is resumed as one's own work; one from elsewhere is only accepted (issue #23).
    if (q.mode === 'resume' && !isOwn(e) && taker !== q.me) continue;
    // accept is taking over from another brain; one's own suspends are resume's business.
    if (q.mode === 'accept' && q.me && isOwn(e) && e.source_brain === q.me && taker !== q.me) continue;
    const t = Date.parse(e.created_at);
    if (from !== null && t < from) continue;
    if (to !== null && t > to) continue;
    const mine = q.me !== null && (e.target_brain === q.me || taker === q.me);
    if (!mine && e.target_brain !== 'any') continue;
    const key = `${scopeOf(e)}|${e.source_brain}`;
    const held = chosen.get(key);
    if (!held || (isAuto(held) && !isAuto(e))) chosen.set(key, e);
  }
  // Auto never displaces deliberate: an auto checkpoint is a candidate only when its brain has no deliberate one.
  const deliberate = new Set([...chosen.values()].filter((e) => !isAuto(e)).map((e) => e.source_brain));
  const newest: IndexEntry[] = [];
  const taken: IndexEntry[] = [];
  const closed: IndexEntry[] = [];
  for (const e of [...chosen.values()].sort((a, b) => entries.indexOf(a) - entries.indexOf(b))) {
    if (isAuto(e) && deliberate.has(e.source_brain)) continue;
    const taker = takerOf(e, q.clone);
    if (taker && taker !== q.me) taken.push(e);
    else if (e.issue_id !== null && q.closedIssues?.has(e.issue_id)) closed.push(e);
    else newest.push(e);
  }
  const result = (tier: CandidateResult['tier'], candidates: IndexEntry[]) => ({ tier, candidates, taken, closed });
  if (q.me) {
    const exact = newest.filter((e) => e.target_brain === q.me || takerOf(e, q.clone) === q.me);
    if (exact.length) return result('exact', exact);
  }
  const any = newest.filter((e) => e.target_brain === 'any');
  return result(any.length ? 'any' : null, any);
}

/**
 * The automatic checkpoints of `chosen`'s owner written after it (newest first), live ones only: the
 * start prompt mentions them in one line instead of offering them. Entries must be newest first.
 */
export function newerAuto(entries: readonly IndexEntry[], chosen: IndexEntry): IndexEntry[] {
  if (isAuto(chosen)) return [];
  const owner = ownerOf(chosen);
  // By position, not time: two snapshots in the same second are ordered by id (the later one has the suffix).
  const at = entries.indexOf(chosen);
  return entries.filter((e, i) => i < at && isAuto(e) && !isRetired(e) && e.source_brain === owner);
}

/** What a brain needs to tell candidates apart (docs/decisions.md D10). */
export function describeCandidate(e: IndexEntry) {
  return {
    handover_id: e.handover_id,
    issue_id: e.issue_id,
    issue_title: e.issue_title,
    source_brain: e.source_brain,
    target_brain: e.target_brain,
    created_at: e.created_at,
    summary: e.summary,
    ...(isOwn(e) ? {} : originData(e)),
  };
}
