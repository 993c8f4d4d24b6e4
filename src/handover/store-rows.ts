import type { IndexEntry, Receipt } from './store.js';

// The shape checks of index.json rows: the index is a cache, and a row that fails them makes the whole
// index count as corrupt, so the store rebuilds it from the snapshot files.
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
