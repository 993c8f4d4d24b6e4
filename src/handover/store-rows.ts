import { ButlerError } from '../shared/errors.js';
import type { IndexEntry, Receipt } from './store.js';

// Index rows: their shape check (the index is a cache; a row that fails makes the whole index count as
// corrupt, so the store rebuilds it from the snapshot files) and the error for a half-written append.
const isStr = (v: unknown) => typeof v === 'string';
const isStrOrNull = (v: unknown) => v === null || typeof v === 'string';

/** A hand-edited or damaged row makes the whole index count as corrupt, so it is rebuilt from the files. */
export function isIndexEntry(e: unknown): e is IndexEntry {
  if (!e || typeof e !== 'object') return false;
  const r = e as Record<string, unknown>;
  return (
    isStr(r.handover_id) && isStr(r.snapshot_file) && isStr(r.source_brain) && isStr(r.target_brain) && isStr(r.created_at) &&
    (r.issue_id === null || Number.isInteger(r.issue_id)) && isStrOrNull(r.issue_title) && typeof r.is_latest === 'boolean' &&
    isStr(r.summary) && isStrOrNull(r.branch) && isStrOrNull(r.head) &&
    (r.receipts === undefined || (Array.isArray(r.receipts) && r.receipts.every(isReceipt)))
  );
}

export function isReceipt(r: unknown): r is Receipt {
  const o = r as Record<string, unknown> | null;
  return !!o && (o.kind === 'accepted' || o.kind === 'retired') && isStr(o.by) && isStr(o.at) && (o.reason === undefined || isStr(o.reason)) && (o.clone === undefined || isStr(o.clone));
}

/**
 * The snapshot file is written but the index or the latest copy is not: say so, so that a retry does
 * not save the same handover twice (the next write or read rebuilds the index from the files).
 */
export function savedButIncomplete(entry: IndexEntry, err: unknown): ButlerError {
  const why = err instanceof ButlerError ? err.message : ((err as NodeJS.ErrnoException)?.code ?? 'error');
  return new ButlerError(
    err instanceof ButlerError ? err.code : 'backend_error',
    `Snapshot ${entry.handover_id} was saved, but the index was not updated (${why})`,
    `Do not prepare it again: ${entry.snapshot_file} is saved. ${err instanceof ButlerError ? err.hint : 'Fix the folder, then call handover_list.'}`,
    { saved: true, handover_id: entry.handover_id, snapshot_file: entry.snapshot_file },
  );
}
