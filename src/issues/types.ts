/** What every issue backend (local files, Gitea, GitHub) offers. Errors are ButlerErrors with the envelope codes. */
export interface IssueComment {
  id: number;
  author: string;
  body: string;
  created_at: string;
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
  /** Present only when comments were asked for. */
  comments?: IssueComment[];
}

export interface IssueBackend {
  readonly kind: 'local' | 'gitea' | 'github';
  read(id: number, lastNComments?: number): Promise<Issue>;
  create(title: string, body: string | undefined, labelNames: string[] | undefined): Promise<Issue>;
  comment(id: number, body: string): Promise<IssueComment>;
  deleteComment(id: number, commentId: number, reason?: string): Promise<void>;
  updateTitle(id: number, title: string): Promise<Issue>;
  updateBody(id: number, body: string): Promise<Issue>;
  reopen(id: number): Promise<Issue>;
  close(id: number): Promise<Issue>;
}
