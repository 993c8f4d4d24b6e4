import type { IndexEntry } from './store.js';

/** Auto snapshots kept per scope (issue or project); older ones are pruned when a new one is written. */
export const AUTO_KEEP = 20;

/**
 * Auto snapshots are checkpoints, cheap to keep but not history a person wrote: beyond `keep` in a scope
 * the oldest go. Removes their rows from `entries` (in place) and returns them, so the store deletes the
 * files once the index no longer names them. Deliberate snapshots are never pruned.
 */
export function pruneAuto(
  entries: IndexEntry[],
  issueId: number | null,
  keep: number,
  newestFirst: (a: IndexEntry, b: IndexEntry) => number,
): IndexEntry[] {
  const autos = entries.filter((e) => e.issue_id === issueId && e.mode === 'auto').sort(newestFirst);
  const drop = new Set(autos.slice(keep).map((e) => e.handover_id));
  const removed: IndexEntry[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    if (drop.has(entries[i]!.handover_id)) removed.push(...entries.splice(i, 1));
  }
  return removed;
}
