import { ButlerError } from '../shared/errors.js';
import { fileKey, readGitMemo, writeGitMemo } from '../shared/git-refs.js';
import { markSuperseded } from './candidates.js';
import { isOwn } from './origin.js';
import type { SnapshotMeta } from './snapshot.js';
import { scopeKey } from './store-names.js';
import type { IndexEntry, Receipt } from './store-types.js';

// Index rows: their shape check (the index is a cache; a row that fails makes the whole index count as
// corrupt, so the store rebuilds it from the snapshot files) and the error for a half-written append.
const isStr = (v: unknown) => typeof v === 'string';
const isStrOrNull = (v: unknown) => v === null || typeof v === 'string';

/** A hand-edited or damaged row makes the whole index count as corrupt, so it is rebuilt from the files. */
export function isIndexEntry(e: unknown): e is IndexEntry {
  if (!e || typeof e !== 'object') return false;
  const r = e as Record<string, unknown>;
  return (
    isStr(r.handover_id) &&
    isStr(r.snapshot_file) &&
    isStr(r.source_brain) &&
    isStr(r.target_brain) &&
    isStr(r.created_at) &&
    (r.issue_id === null || Number.isInteger(r.issue_id)) &&
    isStrOrNull(r.issue_title) &&
    typeof r.is_latest === 'boolean' &&
    isStr(r.summary) &&
    isStrOrNull(r.branch) &&
    isStrOrNull(r.head) &&
    (r.receipts === undefined || (Array.isArray(r.receipts) && r.receipts.every(isReceipt)))
  );
}

/** The rows of index.json's text; null when it is not a well-formed index of ours (then it is rebuilt). */
export function parseIndex(text: string): IndexEntry[] | null {
  try {
    const raw = JSON.parse(text) as { handovers?: unknown };
    return Array.isArray(raw.handovers) && raw.handovers.every(isIndexEntry) ? raw.handovers : null;
  } catch {
    return null;
  }
}

export function isReceipt(r: unknown): r is Receipt {
  const o = r as Record<string, unknown> | null;
  return (
    !!o &&
    (o.kind === 'accepted' || o.kind === 'retired') &&
    isStr(o.by) &&
    isStr(o.at) &&
    (o.reason === undefined || isStr(o.reason)) &&
    (o.clone === undefined || isStr(o.clone))
  );
}

/** A shared row's receipts: what the remote holds first (it decides who took a shared snapshot), then the local-only ones. */
export function mergeReceipts(remote: Receipt[], local: readonly Receipt[]): Receipt[] {
  const key = (r: Receipt) => `${r.kind}|${r.by}|${r.clone ?? ''}`;
  const remoteKeys = new Set(remote.map(key));
  const byAt = (a: Receipt, b: Receipt) => a.at.localeCompare(b.at) || (a.clone ?? '').localeCompare(b.clone ?? '');
  return [...remote.sort(byAt), ...local.filter((r) => !remoteKeys.has(key(r))).sort(byAt)];
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

/** An index row from a snapshot's METADATA. */
export function entryFromMeta(meta: SnapshotMeta, snapshotFile: string): IndexEntry {
  return {
    handover_id: meta.handover_id,
    snapshot_file: snapshotFile,
    issue_id: meta.issue_id,
    issue_title: meta.issue_title,
    source_brain: meta.source_brain,
    target_brain: meta.target_brain,
    created_at: meta.created_at,
    is_latest: false,
    summary: meta.summary,
    branch: meta.branch,
    head: meta.head,
    session_log: meta.session_log,
    session_line: meta.session_line,
    session_entry: meta.session_entry,
    mode: meta.mode,
    parent: meta.parent,
    seq: meta.seq,
    issue_state: meta.issue_state,
    ...(meta.mode === 'auto' ? { trigger: meta.trigger ?? null, touched: meta.touched ?? null } : {}),
  };
}

/** Newest first; ties broken by id so the order never depends on file-system order. */
export const newestFirst = (a: IndexEntry, b: IndexEntry) => cmp(b.created_at, a.created_at) || cmp(b.handover_id, a.handover_id);

/** Code-unit order: ISO times and ids sort correctly, and localeCompare (ICU) cost ~9 ms on 500 rows at SessionStart. */
const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** Marks the newest snapshot per scope as latest, then supersede (candidates.ts); sorts newest first. */
export function markLatest(entries: IndexEntry[]): void {
  const seen = new Set<string>();
  for (const e of [...entries].sort(newestFirst)) {
    const key = scopeKey(e.issue_id);
    // Only a snapshot written here is a scope's latest: one from elsewhere never displaces it (issue #23).
    e.is_latest = isOwn(e) && !seen.has(key);
    if (isOwn(e)) seen.add(key);
  }
  markSuperseded(entries.sort(newestFirst));
}

// What the last index write knew that the index file cannot say, kept in the git dir (readGitMemo in shared/git-refs.ts)
// so a start does not rebuild the index from every snapshot file again and again (issue #22: ~250 ms with
// 500 snapshots, at every start). Keyed by the index file as Butler wrote it (a checkout or pull that
// replaces the file gives it another inode and mtime, so the memo no longer applies):
// - a tracked index.json is a commit's word and is rebuilt from the files (tracked-logs.ts); once Butler
//   has rewritten it, it is Butler's word again until something replaces the file;
// - snapshot files whose METADATA does not parse: the rebuild cannot list them, so "the index misses a
//   file here" would hold forever. They count as seen while the index is the one written with them.
/** The unreadable snapshot file names when the memo describes the index file as it is now; else null. */
export function currentMemo(root: string, indexFile: string): string[] | null {
  const key = fileKey(indexFile);
  const v = key && readGitMemo(root, 'index-memo', key);
  return Array.isArray(v) ? v : null;
}

/** Remembers the index file just written, when it matters (a tracked index, or unreadable files). */
export function rememberIndex(root: string, indexFile: string, unreadable: string[], tracked: boolean): void {
  const key = (tracked || unreadable.length > 0) && fileKey(indexFile);
  if (key) writeGitMemo(root, 'index-memo', key, unreadable);
}
