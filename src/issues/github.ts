import { parseLinkHeader } from './http.js';
import { RemoteIssueBackend, type RemoteComment, type RemoteIssue } from './remote.js';

/** GitHub's REST v3 issue labels: names or label objects. */
interface GhIssue extends RemoteIssue {
  labels: (string | { name?: string })[];
}

const PER_PAGE = 100;

/** GitHub REST v3 with plain fetch: the few endpoints here do not earn Octokit's bundle size. */
export class GitHubIssueBackend extends RemoteIssueBackend<GhIssue, RemoteComment> {
  readonly kind = 'github' as const;

  /**
   * Comments come oldest first, 100 a page. The first page's Link header names the last page; from
   * there walk back with rel="prev" until N are collected, so a long thread costs 2-3 requests.
   */
  protected async lastComments(id: number, n: number): Promise<RemoteComment[]> {
    const notFound = this.issueNotFound(id);
    const first = await this.http.request<RemoteComment[]>('GET', `${this.repoPath}/issues/${id}/comments?per_page=${PER_PAGE}&page=1`, {
      notFound,
    });
    let links = parseLinkHeader(first.headers.get('link'));
    if (!links.last) return first.data.slice(-n);
    let collected: RemoteComment[] = [];
    let url: string | undefined = links.last;
    while (url && collected.length < n) {
      const page: { data: RemoteComment[]; headers: Headers } = await this.http.request<RemoteComment[]>('GET', url, { notFound });
      collected = [...page.data, ...collected];
      links = parseLinkHeader(page.headers.get('link'));
      url = links.prev;
    }
    return collected.slice(-n);
  }

  protected listPage(state: 'open' | 'all', page: number) {
    return { query: `state=${state}&sort=created&direction=desc&per_page=${PER_PAGE}&page=${page}`, size: PER_PAGE };
  }

  /** GitHub takes label names as they are. */
  protected async labelPayload(names: string[]): Promise<string[]> {
    return names;
  }

  protected labelNames(g: GhIssue): string[] {
    return (g.labels ?? []).map((l) => (typeof l === 'string' ? l : (l.name ?? ''))).filter(Boolean);
  }

  /** GitHub records why an issue was closed. */
  protected override closeFields(): Record<string, unknown> {
    return { state_reason: 'completed' };
  }

  async listLabels(): Promise<string[]> {
    const names: string[] = [];
    let url: string | undefined = `${this.repoPath}/labels?per_page=${PER_PAGE}&page=1`;
    for (let i = 0; url && i < 20; i++) {
      const page: { data: { name: string }[]; headers: Headers } = await this.http.request<{ name: string }[]>('GET', url);
      names.push(...page.data.map((l) => l.name));
      url = parseLinkHeader(page.headers.get('link')).next;
    }
    return names;
  }
}
