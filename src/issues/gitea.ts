import { ButlerError } from '../shared/errors.js';
import type { RemoteOptions } from './github.js';
import type { Issue, IssueBackend, IssueComment } from './types.js';

/** The fields of Gitea's API v1 Issue, Comment and Label objects that Butler reads. */
interface GtIssue {
  number: number;
  title: string;
  body: string;
  state: string;
  labels: { id: number; name: string }[] | null;
  comments: number;
  created_at: string;
  updated_at: string;
  html_url: string;
}
interface GtComment {
  id: number;
  body: string;
  user: { login: string } | null;
  created_at: string;
  html_url: string;
  issue_url: string;
}
interface GtLabel {
  id: number;
  name: string;
}

const LABEL_PAGE = 50;

/** Gitea REST API v1 (`/api/v1`), token auth. */
export class GiteaIssueBackend implements IssueBackend {
  readonly kind = 'gitea' as const;
  private readonly repoPath: string;

  constructor(private readonly o: RemoteOptions) {
    this.repoPath = `/repos/${encodeURIComponent(o.owner)}/${encodeURIComponent(o.repo)}`;
  }

  async read(id: number, lastNComments = 0): Promise<Issue> {
    const notFound = `Issue #${id} not found`;
    const res = await this.o.http.request<GtIssue>('GET', `${this.repoPath}/issues/${id}`, { notFound });
    const issue = toIssue(res.data);
    if (lastNComments > 0) issue.comments = (await this.lastComments(id, lastNComments, notFound)).map(toComment);
    return issue;
  }

  /**
   * Gitea returns every comment of an issue in one reply and sets X-Total-Count. Should a server page
   * the list anyway (fewer items than the total), fetch from the last page backwards with page/limit.
   */
  private async lastComments(id: number, n: number, notFound: string): Promise<GtComment[]> {
    const base = `${this.repoPath}/issues/${id}/comments`;
    const first = await this.o.http.request<GtComment[]>('GET', base, { notFound });
    const items = first.data ?? [];
    const total = Number(first.headers.get('x-total-count') ?? items.length);
    if (!(total > items.length) || items.length === 0) return items.slice(-n);
    const limit = items.length;
    let collected: GtComment[] = [];
    for (let page = Math.ceil(total / limit); page >= 1 && collected.length < n; page--) {
      const res = await this.o.http.request<GtComment[]>('GET', `${base}?page=${page}&limit=${limit}`, { notFound });
      collected = [...(res.data ?? []), ...collected];
    }
    return collected.slice(-n);
  }

  private async labels(): Promise<GtLabel[]> {
    const all: GtLabel[] = [];
    for (let page = 1; page <= 20; page++) {
      const res = await this.o.http.request<GtLabel[]>('GET', `${this.repoPath}/labels?page=${page}&limit=${LABEL_PAGE}`);
      const items = res.data ?? [];
      all.push(...items);
      const total = Number(res.headers.get('x-total-count') ?? NaN);
      if (items.length < LABEL_PAGE || all.length >= total) break;
    }
    return all;
  }

  async listLabels(): Promise<string[]> {
    return (await this.labels()).map((l) => l.name);
  }

  /** Gitea wants label ids; brains give names. An unknown name fails and lists the known ones. */
  private async labelIds(names: string[]): Promise<number[]> {
    const known = await this.labels();
    const ids: number[] = [];
    const unknown: string[] = [];
    for (const name of names) {
      const hit = known.find((l) => l.name === name) ?? known.find((l) => l.name.toLowerCase() === name.toLowerCase());
      if (hit) ids.push(hit.id);
      else unknown.push(name);
    }
    if (unknown.length) {
      const list = known.map((l) => l.name);
      throw new ButlerError(
        'invalid_argument',
        `Unknown label${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
        list.length ? `Use one of: ${list.slice(0, 30).join(', ')}` : 'This repository has no labels yet.',
        { unknown_labels: unknown, known_labels: list },
      );
    }
    return ids;
  }

  async create(title: string, body: string | undefined, labelNames: string[] | undefined): Promise<Issue> {
    const payload: Record<string, unknown> = { title };
    if (body !== undefined) payload.body = body;
    if (labelNames?.length) payload.labels = await this.labelIds(labelNames);
    const res = await this.o.http.request<GtIssue>('POST', `${this.repoPath}/issues`, { body: payload, invalidCode: 'invalid_title' });
    return toIssue(res.data);
  }

  async comment(id: number, body: string): Promise<IssueComment> {
    const res = await this.o.http.request<GtComment>('POST', `${this.repoPath}/issues/${id}/comments`, {
      body: { body },
      invalidCode: 'invalid_body',
      notFound: `Issue #${id} not found`,
    });
    return toComment(res.data);
  }

  async deleteComment(id: number, commentId: number): Promise<void> {
    const notFound = `Comment ${commentId} not found on issue #${id}`;
    // Comment ids are repository-wide; 204 here means "not a plain comment" (a Gitea event).
    const res = await this.o.http.request<GtComment | undefined>('GET', `${this.repoPath}/issues/comments/${commentId}`, { notFound });
    if (res.status === 204 || !res.data?.issue_url?.endsWith(`/issues/${id}`)) {
      throw new ButlerError('not_found', notFound, 'Read the issue with last_n_comments to see comment ids.');
    }
    await this.o.http.request('DELETE', `${this.repoPath}/issues/comments/${commentId}`, { notFound });
  }

  private async patch(id: number, payload: Record<string, unknown>, invalidCode: 'invalid_title' | 'invalid_body' | 'invalid_argument'): Promise<Issue> {
    const res = await this.o.http.request<GtIssue>('PATCH', `${this.repoPath}/issues/${id}`, {
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
    return this.patch(id, { state: 'closed' }, 'invalid_argument');
  }
}

function toIssue(g: GtIssue): Issue {
  return {
    id: g.number,
    title: g.title,
    body: g.body ?? '',
    state: g.state === 'closed' ? 'closed' : 'open',
    labels: (g.labels ?? []).map((l) => l.name),
    created_at: g.created_at,
    updated_at: g.updated_at,
    url: g.html_url,
    comment_count: g.comments,
  };
}

function toComment(c: GtComment): IssueComment {
  return { id: c.id, author: c.user?.login ?? 'ghost', body: c.body ?? '', created_at: c.created_at, url: c.html_url };
}
