// The shapes of the snapshot index (session_logs/handover/index.json): rows and receipts.

/**
 * What happened to a snapshot after it was written, recorded in its index row (the files stay
 * append-only): `accepted` by the brain that took it over, `retired` by a person (`butler handover
 * retire`). Shared receipts (refs/butler/handover) use the same shape.
 */
export interface Receipt {
  kind: 'accepted' | 'retired';
  by: string;
  at: string;
  reason?: string;
  /** The clone that recorded it (shared receipts): the same brain on another machine is someone else. */
  clone?: string;
}

/** One row of `session_logs/handover/index.json`, with the field names of docs/decisions.md D8. */
export interface IndexEntry {
  handover_id: string;
  snapshot_file: string;
  issue_id: number | null;
  issue_title: string | null;
  source_brain: string;
  target_brain: string;
  created_at: string;
  is_latest: boolean;
  summary: string;
  branch: string | null;
  head: string | null;
  session_log: string | null;
  session_line: number | null;
  session_entry: string | null;
  /** From METADATA: `core` (deliberate) or `auto`; older rows have none and count as deliberate. */
  mode?: string;
  /** The snapshot this one continues (same scope) and its 1-based number in the scope. */
  parent?: string | null;
  seq?: number | null;
  /** The issue's state when the snapshot was written (`closed` = finished work). */
  issue_state?: string | null;
  trigger?: string | null; // auto snapshots: `precompact` or `recovered`
  touched?: number | null; // auto snapshots: the files the session edited
  receipts?: Receipt[];
  /** Where it came from (origin.ts, the one reader: originOf); set on every read from this work tree's ledger. */
  origin?: 'own' | 'shared' | 'committed';
  /** shared: the git identity of the commit that brought it to refs/butler/handover. */
  author?: string | null;
  /** shared: its blob on the fetched ref, read only when it is read or accepted (no copy is written before). */
  blob?: string;
  /** Computed on every read and write (candidates.markSuperseded): the newer snapshot that replaces this one. */
  superseded_by?: string | null;
}

export interface IndexFile {
  version: 1;
  handovers: IndexEntry[];
}
