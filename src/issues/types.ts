/** What every issue backend (local files, Gitea, GitHub) offers. Errors are ButlerErrors with the envelope codes. */
export interface IssueComment {
  id: number;
  author: string;
  body: string;
  created_at: string;
  url?: string;
}

export interface Issue {
  id: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  labels: string[];
  created_at: string;
  updated_at: string;
  url?: string;
  /** Live comments on the tracker, so a brain knows whether asking for more is worth it. */
  comment_count?: number;
  /** Present only when comments were asked for: the last N, oldest first. */
  comments?: IssueComment[];
}

/** One line of a list: no body, no comments. */
export type IssueSummary = Pick<Issue, 'id' | 'title' | 'state' | 'labels' | 'created_at' | 'updated_at' | 'url'>;

/** At most this many issues are listed, newest first (a person's overview, not an export). */
export const ISSUE_LIST_MAX = 200;

export type IssueBackendKind = 'local' | 'gitea' | 'github';

/**
 * The capability boundary. Callers validate text (blank titles, structured bodies) before calling;
 * backends map their own failures (missing files, HTTP statuses) to ButlerError codes.
 */
export interface IssueBackend {
  readonly kind: IssueBackendKind;
  /** `lastNComments` omitted or 0: no comments fetched at all. */
  read(id: number, lastNComments?: number): Promise<Issue>;
  create(title: string, body: string | undefined, labelNames: string[] | undefined): Promise<Issue>;
  comment(id: number, body: string): Promise<IssueComment>;
  /**
   * The reason is kept as a tombstone where the backend can (local); remote trackers just delete.
   * 'already_deleted': the comment's tombstone is there, nothing was written (local only).
   */
  deleteComment(id: number, commentId: number, reason?: string): Promise<void | 'already_deleted'>;
  updateTitle(id: number, title: string): Promise<Issue>;
  updateBody(id: number, body: string): Promise<Issue>;
  reopen(id: number): Promise<Issue>;
  close(id: number): Promise<Issue>;
  /** Issues, newest first: open ones, or all; at most ISSUE_LIST_MAX (no pull requests). */
  list(state: 'open' | 'all', limit?: number): Promise<IssueSummary[]>;
  /** Label names the tracker knows (local: the names used so far). */
  listLabels(): Promise<string[]>;
}
