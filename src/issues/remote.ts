import type { Audience } from '../shared/audience.js';
import type { Lang } from '../shared/config.js';
import { ButlerError } from '../shared/errors.js';
import type { HttpClient, HttpResult } from './http.js';
import { backendText } from './messages/backend.js';
import { ISSUE_LIST_MAX, type Issue, type IssueBackend, type IssueComment, type IssueSummary } from './types.js';

export interface RemoteOptions {
  http: HttpClient;
  owner: string;
  repo: string;
  /** Language of the not-found and label messages (HTTP failures follow the HttpClient's). */
  lang: Lang;
  /** Whose words (docs/decisions.md D37). */
  audience?: Audience;
}

/** The issue fields Gitea v1 and GitHub v3 share; `labels` differs and is read by each tracker. */
export interface RemoteIssue {
  number: number;
  title: string;
  body: string | null;
  state: string;
  comments: number;
  created_at: string;
  updated_at: string;
  html_url: string;
  /** Set when the number is a pull request: both trackers serve those under /issues too. */
  pull_request?: unknown;
}

/** The comment fields Gitea v1 and GitHub v3 share. */
export interface RemoteComment {
  id: number;
  body?: string | null;
  user: { login: string } | null;
  created_at: string;
  html_url: string;
  issue_url: string;
}

type InvalidCode = 'invalid_title' | 'invalid_body' | 'invalid_argument';

/**
 * What Gitea and GitHub do the same way: `/repos/{owner}/{repo}/issues…` paths, PATCH for title, body
 * and state, comments with a repository-wide id. Each tracker supplies its paging, labels and quirks.
 */
export abstract class RemoteIssueBackend<I extends RemoteIssue, C extends RemoteComment> implements IssueBackend {
  abstract readonly kind: 'gitea' | 'github';
  protected readonly http: HttpClient;
  protected readonly repoPath: string;
  protected readonly text: ReturnType<typeof backendText>;

  constructor(o: RemoteOptions) {
    this.http = o.http;
    this.repoPath = `/repos/${encodeURIComponent(o.owner)}/${encodeURIComponent(o.repo)}`;
    this.text = backendText(o.lang, o.audience);
  }

  /** Summary of a 404 on an issue path. */
  protected issueNotFound(id: number): string {
    return this.text.issueNotFound(id);
  }

  /** The last `n` comments, oldest first, however the tracker pages them. */
  protected abstract lastComments(id: number, n: number): Promise<C[]>;
  /** The `labels` value of a create payload, from the names a brain gave. */
  protected abstract labelPayload(names: string[]): Promise<unknown>;
  /** Label names of a tracker issue. */
  protected abstract labelNames(raw: I): string[];
  abstract listLabels(): Promise<string[]>;
  /** The query of one page of the repository's issue list, newest first, and that page's size. */
  protected abstract listPage(state: 'open' | 'all', page: number): { query: string; size: number };

  /** Both trackers list pull requests under /issues too: those are left out. */
  async list(state: 'open' | 'all', limit = ISSUE_LIST_MAX): Promise<IssueSummary[]> {
    const max = Math.min(limit, ISSUE_LIST_MAX);
    const out: IssueSummary[] = [];
    for (let page = 1; out.length < max; page++) {
      const { query, size } = this.listPage(state, page);
      const res = await this.http.request<I[]>('GET', `${this.repoPath}/issues?${query}`);
      const items = Array.isArray(res.data) ? res.data : [];
      for (const g of items) if (!g.pull_request) out.push(summary(this.toIssue(g)));
      if (items.length < size) break;
    }
    return out.slice(0, max);
  }

  /** Extra fields sent with `state: closed`. */
  protected closeFields(): Record<string, unknown> {
    return {};
  }

  /** Comment ids are repository-wide: the comment must belong to this issue before it is deleted. */
  protected belongsTo(res: HttpResult<C | undefined>, id: number): boolean {
    return Boolean(res.data?.issue_url?.endsWith(`/issues/${id}`));
  }

  async read(id: number, lastNComments = 0): Promise<Issue> {
    const res = await this.http.request<I>('GET', `${this.repoPath}/issues/${id}`, { notFound: this.issueNotFound(id) });
    if (res.data.pull_request) {
      throw new ButlerError('not_found', this.text.pullRequest(id), this.text.pullRequestHint);
    }
    const issue = this.toIssue(res.data);
    if (lastNComments > 0) issue.comments = (await this.lastComments(id, lastNComments)).map(toComment);
    return issue;
  }

  async create(title: string, body: string | undefined, labelNames: string[] | undefined): Promise<Issue> {
    const payload: Record<string, unknown> = { title };
    if (body !== undefined) payload.body = body;
    if (labelNames?.length) payload.labels = await this.labelPayload(labelNames);
    const res = await this.http.request<I>('POST', `${this.repoPath}/issues`, { body: payload, invalidCode: 'invalid_title' });
    return this.toIssue(res.data);
  }

  async comment(id: number, body: string): Promise<IssueComment> {
    const res = await this.http.request<C>('POST', `${this.repoPath}/issues/${id}/comments`, {
      body: { body },
      invalidCode: 'invalid_body',
      notFound: this.issueNotFound(id),
    });
    return toComment(res.data);
  }

  async deleteComment(id: number, commentId: number): Promise<void> {
    const notFound = this.text.commentNotFound(id, commentId);
    const path = `${this.repoPath}/issues/comments/${commentId}`;
    const res = await this.http.request<C | undefined>('GET', path, { notFound });
    if (!this.belongsTo(res, id)) throw new ButlerError('not_found', notFound, this.text.commentNotFoundHint);
    await this.http.request('DELETE', path, { notFound });
  }

  updateTitle(id: number, title: string): Promise<Issue> {
    return this.patch(id, { title }, 'invalid_title');
  }

  updateBody(id: number, body: string): Promise<Issue> {
    return this.patch(id, { body }, 'invalid_body');
  }

  reopen(id: number): Promise<Issue> {
    return this.patch(id, { state: 'open' }, 'invalid_argument');
  }

  close(id: number): Promise<Issue> {
    return this.patch(id, { state: 'closed', ...this.closeFields() }, 'invalid_argument');
  }

  private async patch(id: number, payload: Record<string, unknown>, invalidCode: InvalidCode): Promise<Issue> {
    const res = await this.http.request<I>('PATCH', `${this.repoPath}/issues/${id}`, {
      body: payload,
      invalidCode,
      notFound: this.issueNotFound(id),
    });
    return this.toIssue(res.data);
  }

  private toIssue(g: I): Issue {
    return {
      id: g.number,
      title: g.title,
      body: g.body ?? '',
      state: g.state === 'closed' ? 'closed' : 'open',
      labels: this.labelNames(g),
      created_at: g.created_at,
      updated_at: g.updated_at,
      url: g.html_url,
      comment_count: g.comments,
    };
  }
}

function summary(i: Issue): IssueSummary {
  return { id: i.id, title: i.title, state: i.state, labels: i.labels, created_at: i.created_at, updated_at: i.updated_at, url: i.url };
}

function toComment(c: RemoteComment): IssueComment {
  return { id: c.id, author: c.user?.login ?? 'ghost', body: c.body ?? '', created_at: c.created_at, url: c.html_url };
}
