import { ButlerError } from '../shared/errors.js';
import { HttpClient, parseLinkHeader } from './http.js';
import type { Issue, IssueBackend, IssueComment } from './types.js';

/** The fields of GitHub's REST v3 issue and comment objects that Butler reads. */
interface GhIssue {
  number: number;
  title: string;
  body: string | null;
  state: string;
  labels: (string | { name?: string })[];
  comments: number;
  created_at: string;
  updated_at: string;
  html_url: string;
}
interface GhComment {
  id: number;
  body?: string | null;
  user: { login: string } | null;
  created_at: string;
  html_url: string;
  issue_url: string;
}

export interface RemoteOptions {
  http: HttpClient;
  owner: string;
  repo: string;
}

const PER_PAGE = 100;

/** GitHub REST v3 with plain fetch: the few endpoints here do not earn Octokit's bundle size. */
export class GitHubIssueBackend implements IssueBackend {
  readonly kind = 'github' as const;
  private readonly repoPath: string;

  constructor(private readonly o: RemoteOptions) {
    this.repoPath = `/repos/${encodeURIComponent(o.owner)}/${encodeURIComponent(o.repo)}`;
  }

  private async get(id: number): Promise<GhIssue> {
    return (await this.o.http.request<GhIssue>('GET', `${this.repoPath}/issues/${id}`, { notFound: `Issue #${id} not found` })).data;
  }

  async read(id: number, lastNComments = 0): Promise<Issue> {
    const issue = toIssue(await this.get(id));
    if (lastNComments > 0) issue.comments = await this.lastComments(id, lastNComments);
    return issue;
  }

  /**
   * Comments come oldest first, 100 a page. The first page's Link header names the last page; from
   * there walk back with rel="prev" until N are collected, so a long thread costs 2-3 requests.
   */
  private async lastComments(id: number, n: number): Promise<IssueComment[]> {
    const notFound = `Issue #${id} not found`;
    const first = await this.o.http.request<GhComment[]>('GET', `${this.repoPath}/issues/${id}/comments?per_page=${PER_PAGE}&page=1`, { notFound });
    let links = parseLinkHeader(first.headers.get('link'));
    if (!links.last) return first.data.slice(-n).map(toComment);
    let collected: GhComment[] = [];
    let url: string | undefined = links.last;
    while (url && collected.length < n) {
      const page: { data: GhComment[]; headers: Headers } = await this.o.http.request<GhComment[]>('GET', url, { notFound });
      collected = [...page.data, ...collected];
      links = parseLinkHeader(page.headers.get('link'));
      url = links.prev;
    }
    return collected.slice(-n).map(toComment);
  }

  async create(title: string, body: string | undefined, labelNames: string[] | undefined): Promise<Issue> {
    const payload: Record<string, unknown> = { title };
    if (body !== undefined) payload.body = body;
    if (labelNames?.length) payload.labels = labelNames;
    const res = await this.o.http.request<GhIssue>('POST', `${this.repoPath}/issues`, { body: payload, invalidCode: 'invalid_title' });
    return toIssue(res.data);
  }

  async comment(id: number, body: string): Promise<IssueComment> {
    const res = await this.o.http.request<GhComment>('POST', `${this.repoPath}/issues/${id}/comments`, {
      body: { body },
      invalidCode: 'invalid_body',
      notFound: `Issue #${id} not found`,
    });
    return toComment(res.data);
  }

  async deleteComment(id: number, commentId: number): Promise<void> {
    const notFound = `Comment ${commentId} not found on issue #${id}`;
    // Comment ids are repository-wide: check it belongs to this issue before deleting.
    const res = await this.o.http.request<GhComment>('GET', `${this.repoPath}/issues/comments/${commentId}`, { notFound });
    if (!res.data?.issue_url?.endsWith(`/issues/${id}`)) throw new ButlerError('not_found', notFound, 'Read the issue with last_n_comments to see comment ids.');
    await this.o.http.request('DELETE', `${this.repoPath}/issues/comments/${commentId}`, { notFound });
  }

  private async patch(id: number, payload: Record<string, unknown>, invalidCode: 'invalid_title' | 'invalid_body' | 'invalid_argument'): Promise<Issue> {
    const res = await this.o.http.request<GhIssue>('PATCH', `${this.repoPath}/issues/${id}`, {
      body: payload,
      invalidCode,
      notFound: `Issue #${id} not found`,
    });
    return toIssue(res.data);
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
    return this.patch(id, { state: 'closed', state_reason: 'completed' }, 'invalid_argument');
  }

  async listLabels(): Promise<string[]> {
    const names: string[] = [];
    let url: string | undefined = `${this.repoPath}/labels?per_page=${PER_PAGE}&page=1`;
    for (let i = 0; url && i < 20; i++) {
      const page: { data: { name: string }[]; headers: Headers } = await this.o.http.request<{ name: string }[]>('GET', url);
      names.push(...page.data.map((l) => l.name));
      url = parseLinkHeader(page.headers.get('link')).next;
    }
    return names;
  }
}

function toIssue(g: GhIssue): Issue {
  return {
    id: g.number,
    title: g.title,
    body: g.body ?? '',
    state: g.state === 'closed' ? 'closed' : 'open',
    labels: (g.labels ?? []).map((l) => (typeof l === 'string' ? l : (l.name ?? ''))).filter(Boolean),
    created_at: g.created_at,
    updated_at: g.updated_at,
    url: g.html_url,
    comment_count: g.comments,
  };
}

function toComment(c: GhComment): IssueComment {
  return { id: c.id, author: c.user?.login ?? 'ghost', body: c.body ?? '', created_at: c.created_at, url: c.html_url };
}
