import { ButlerError } from '../shared/errors.js';
import type { HttpResult } from './http.js';
import { RemoteIssueBackend, type RemoteComment, type RemoteIssue } from './remote.js';

/** The fields of Gitea's API v1 Issue and Label objects that Butler reads beyond the shared ones. */
interface GtIssue extends RemoteIssue {
  labels: { id: number; name: string }[] | null;
}
interface GtLabel {
  id: number;
  name: string;
}

const LABEL_PAGE = 50;

/** Gitea REST API v1 (`/api/v1`), token auth. */
export class GiteaIssueBackend extends RemoteIssueBackend<GtIssue, RemoteComment> {
  readonly kind = 'gitea' as const;

  /**
   * Gitea returns every comment of an issue in one reply and sets X-Total-Count. Should a server page
   * the list anyway (fewer items than the total), fetch from the last page backwards with page/limit.
   */
  protected async lastComments(id: number, n: number): Promise<RemoteComment[]> {
    const notFound = this.issueNotFound(id);
    const base = `${this.repoPath}/issues/${id}/comments`;
    const first = await this.http.request<RemoteComment[]>('GET', base, { notFound });
    const items = first.data ?? [];
    const total = Number(first.headers.get('x-total-count') ?? items.length);
    if (!(total > items.length) || items.length === 0) return items.slice(-n);
    const limit = items.length;
    let collected: RemoteComment[] = [];
    for (let page = Math.ceil(total / limit); page >= 1 && collected.length < n; page--) {
      const res = await this.http.request<RemoteComment[]>('GET', `${base}?page=${page}&limit=${limit}`, { notFound });
      collected = [...(res.data ?? []), ...collected];
    }
    return collected.slice(-n);
  }

  /** Comment ids are repository-wide; 204 here means "not a plain comment" (a Gitea event). */
  protected override belongsTo(res: HttpResult<RemoteComment | undefined>, id: number): boolean {
    return res.status !== 204 && super.belongsTo(res, id);
  }

  /** Gitea lists newest first; `type=issues` leaves pull requests out on the server already. */
  protected listPage(state: 'open' | 'all', page: number) {
    return { query: `state=${state}&type=issues&page=${page}&limit=${LABEL_PAGE}`, size: LABEL_PAGE };
  }

  protected labelNames(g: GtIssue): string[] {
    return (g.labels ?? []).map((l) => l.name);
  }

  private async labels(): Promise<GtLabel[]> {
    const all: GtLabel[] = [];
    for (let page = 1; page <= 20; page++) {
      const res = await this.http.request<GtLabel[]>('GET', `${this.repoPath}/labels?page=${page}&limit=${LABEL_PAGE}`);
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
  protected async labelPayload(names: string[]): Promise<number[]> {
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
      const t = this.text;
      throw new ButlerError('invalid_argument', t.unknownLabels(unknown), list.length ? t.useLabels(list.slice(0, 30)) : t.noLabels, {
        unknown_labels: unknown,
        known_labels: list,
      });
    }
    return ids;
  }
}
