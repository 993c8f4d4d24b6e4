import { ButlerError } from '../shared/errors.js';
import type { ErrorCode } from '../shared/result.js';

export interface HttpOptions {
  /** Shown in messages: "Gitea", "GitHub". */
  label: string;
  /** API root without a trailing slash, e.g. `https://gitea.example.com/api/v1`. */
  apiBase: string;
  /** The full Authorization header value, or undefined when no token is set. */
  authorization?: string;
  /** Names the variable to set when the token is missing or refused; never the token itself. */
  tokenHint: string;
  headers?: Record<string, string>;
  fetch: typeof fetch;
  timeoutMs: number;
}

export interface RequestOptions {
  body?: unknown;
  /** Code for a 422: which text the server rejected. */
  invalidCode?: ErrorCode;
  /** Summary for a 404/410, e.g. "Issue #3 not found". */
  notFound?: string;
}

export interface HttpResult<T> {
  status: number;
  data: T;
  headers: Headers;
}

/**
 * Thin JSON client for tracker REST APIs. Every failure becomes a short ButlerError: the response body
 * and the token never reach a message, a summary or `data`.
 */
export class HttpClient {
  constructor(private readonly o: HttpOptions) {}

  /** `target` is a path under the API root or an absolute URL from a Link header on the same origin. */
  async request<T>(method: string, target: string, opts: RequestOptions = {}): Promise<HttpResult<T>> {
    if (!this.o.authorization) {
      throw new ButlerError('auth_failed', `No ${this.o.label} token set`, this.o.tokenHint);
    }
    const url = target.startsWith('http') ? target : `${this.o.apiBase}${target}`;
    if (new URL(url).origin !== new URL(this.o.apiBase).origin) {
      // A Link header pointing elsewhere must not receive the token.
      throw new ButlerError('backend_error', `${this.o.label} sent a link to another host`, 'Check issues.url in .butler/config.yaml.');
    }
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...this.o.headers,
      Authorization: this.o.authorization,
    };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await this.o.fetch(url, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(this.o.timeoutMs),
        redirect: 'manual',
      });
    } catch (err) {
      const name = (err as Error)?.name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw new ButlerError(
        'backend_error',
        timedOut ? `${this.o.label} did not answer within ${Math.round(this.o.timeoutMs / 1000)}s` : `Could not reach ${this.o.label}`,
        'Check issues.url and the network, then retry.',
      );
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) throw this.mapError(res, text, opts);
    let data: unknown = undefined;
    if (text.trim()) {
      try {
        data = JSON.parse(text);
      } catch {
        throw new ButlerError('backend_error', `${this.o.label} sent a reply Butler cannot read`, 'Check that issues.url points at the API.', {
          http_status: res.status,
        });
      }
    }
    return { status: res.status, data: data as T, headers: res.headers };
  }

  private mapError(res: Response, text: string, opts: RequestOptions): ButlerError {
    const s = res.status;
    const label = this.o.label;
    const data = { http_status: s };
    if (s === 401 || s === 403) {
      const limited = res.headers.get('x-ratelimit-remaining') === '0';
      return new ButlerError(
        'auth_failed',
        limited ? `${label} rate limit reached` : `${label} refused the token (${s})`,
        limited ? 'Wait for the rate limit to reset, then retry.' : this.o.tokenHint,
        data,
      );
    }
    if (s === 404 || s === 410) {
      return new ButlerError('not_found', opts.notFound ?? `Not found on ${label}`, 'Check the number and issues.owner / issues.repo.', data);
    }
    if (s === 409) return new ButlerError('conflict', `${label} reported a conflict`, 'Read the issue again, then retry.', data);
    if (s === 422) {
      const fields = rejectedFields(text);
      const code: ErrorCode = fields.includes('body') ? 'invalid_body' : fields.includes('title') ? 'invalid_title' : (opts.invalidCode ?? 'invalid_argument');
      const what = fields.length ? ` (${fields.join(', ')})` : '';
      return new ButlerError(code, `${label} rejected the input${what}`, 'Fix the text and retry.', data);
    }
    if (s === 423) return new ButlerError('policy_blocked', `${label} repository is locked or archived`, 'Ask the owner to unarchive it.', data);
    if (s >= 300 && s < 400) {
      // Redirects are not followed, so the token never travels to another address.
      return new ButlerError('backend_error', `${label} answered with a redirect (${s})`, 'The repository may have moved: update issues.owner / issues.repo / issues.url.', data);
    }
    if (s >= 500) return new ButlerError('backend_error', `${label} failed (${s})`, 'Retry later; the tracker had a server error.', data);
    return new ButlerError('backend_error', `${label} answered ${s}`, 'Check issues.* in .butler/config.yaml.', data);
  }
}

/** Field names from a 422 body (GitHub `errors[].field`), and nothing else from it. */
function rejectedFields(text: string): string[] {
  try {
    const parsed = JSON.parse(text) as { errors?: { field?: unknown }[] };
    const out = (parsed.errors ?? []).map((e) => e?.field).filter((f): f is string => typeof f === 'string' && /^[a-z_]{1,32}$/.test(f));
    return [...new Set(out)];
  } catch {
    return [];
  }
}

/** `<url>; rel="next", <url>; rel="last"` → { next: url, last: url }. */
export function parseLinkHeader(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(',')) {
    const m = /<([^>]+)>\s*;(.*)$/.exec(part.trim());
    if (!m?.[1] || !m[2]) continue;
    const rel = /rel="?([^";]+)"?/.exec(m[2])?.[1];
    if (rel) for (const r of rel.split(/\s+/)) out[r] = m[1];
  }
  return out;
}
