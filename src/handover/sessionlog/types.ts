/** One extracted fact. `cite` points back into the log: the line (`L12`) and, when known, the entry's time. */
export interface Fact {
  text: string;
  cite: string;
  /** Absolute path (edited files), as resolved from the log and its working directory. */
  path?: string;
  /** Commands: the exit status; null when the log does not say (no result yet, or denied before running). */
  exit_code?: number | null;
}

/** How far a read went, so the next read of the same log starts after it ("since mark"). */
/** One item of the agent's own todo list (Claude Code TodoWrite `todos`, Codex update_plan `plan`). */
export interface TodoItem {
  text: string;
  status: 'pending' | 'in_progress' | 'completed';
  cite: string;
}

export interface SessionMark {
  path: string;
  /** 1-based number of the last line consumed; 0 when nothing was read. */
  line: number;
  /** Id of the entry on `line`: Claude `uuid`, Codex `timestamp`, Gemini the message id, else a hash of the raw line. */
  entry_id: string | null;
  /** Byte offset just after `line`; a smaller file means it was rotated or truncated. */
  size: number;
}

export type SessionFormat = 'claude' | 'codex' | 'gemini' | 'unknown';

export interface SessionExtract {
  format: SessionFormat;
  from_line: number;
  to_line: number;
  /** The previous mark no longer matched (file shrank, or another entry sits at its line): read from the start. */
  rotated: boolean;
  /** The user's requests, redacted: the newest REQUESTS_READ (extract.ts) of the part read. */
  requests: Fact[];
  /** Requests before those, counted only. */
  requests_earlier?: number;
  edited_files: Fact[];
  commands: Fact[];
  failures: Fact[];
  butler_calls: Fact[];
  /**
   * The issue the session last chose with work_start (null: it cleared it); undefined when the read
   * part holds no work_start. An automatic snapshot is filed under it.
   */
  issue_id?: number | null;
  /** The agent's latest todo list in the read part; null when it wrote none. */
  todos?: TodoItem[] | null;
  /** The agent's last text message in the read part (its last stated plan), whole and redacted. */
  last_text?: Fact | null;
  /** The questions of the agent's last message that asked any (collector.ts). */
  open_question?: (Fact & { later_request?: boolean }) | null;
  mark: SessionMark;
  /** Lines in the range that were not valid JSON (or too long to read); skipped. */
  skipped: number;
  /** Lines after the mark not read for facts: the part before the tail cap on a huge log. */
  cut?: number;
  /** Facts dropped because a list hit its cap (the oldest go first). */
  dropped: number;
  /** The session's working directory, when the log records it (used to make paths project-relative). */
  cwd: string | null;
}

/** The user's requests a snapshot's DISCOVERY shows: what was read, and where their `count` lines start (`at`, -1: none shown). */
export interface RequestBlock {
  facts: Fact[];
  /** Requests before `facts`, counted only. */
  earlier: number;
  at: number;
  count: number;
}
