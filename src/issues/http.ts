import type { Lang } from '../shared/config.js';
import { ButlerError } from '../shared/errors.js';
import type { ErrorCode } from '../shared/result.js';
import { httpText } from './messages/http.js';

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
  /** Language of summaries and hints. */
  lang: Lang;
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
  private readonly t: ReturnType<typeof httpText>;

  constructor(private readonly o: HttpOptions) {
    this.t = httpText(o.lang);
  }

  /** `target` is a path under the API root or an absolute URL from a Link header on the same origin. */
  async request<T>(method: string, target: string, opts: RequestOptions = {}): Promise<HttpResult<T>> {
    if (!this.o.authorization) {
      throw new ButlerError('auth_failed', this.t.noToken(this.o.label), this.o.tokenHint);
    }
    const url = target.startsWith('http') ? target : `${this.o.apiBase}${target}`;
    if (new URL(url).origin !== new URL(this.o.apiBase).origin) {
      // A Link header pointing elsewhere must not receive the token.
      throw new ButlerError('backend_error', this.t.foreignLink(this.o.label), this.t.foreignLinkHint);
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
        timedOut ? this.t.timeout(this.o.label, this.o.timeoutMs) : this.t.unreachable(this.o.label),
        this.t.unreachableHint,
      );
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) throw this.mapError(res, text, opts);
    let data: unknown = undefined;
    if (text.trim()) {
      try {
        data = JSON.parse(text);
      } catch {
        throw new ButlerError('backend_error', this.t.unreadable(this.o.label), this.t.unreadableHint, {
          http_status: res.status,
        });
      }
    }
    return { status: res.status, data: data as T, headers: res.headers };
  }

  private mapError(res: Response, text: string, opts: RequestOptions): ButlerError {
    const s = res.status;
    const label = this.o.label;
    const t = this.t;
    const data = { http_status: s };
    const fail = (code: ErrorCode, message: string, hint: string) => new ButlerError(code, message, hint, data);
    if (s === 401 || s === 403) {
      const limited = res.headers.get('x-ratelimit-remaining') === '0';
      return limited
        ? fail('auth_failed', t.rateLimited(label), t.rateLimitedHint)
        : fail('auth_failed', t.tokenRefused(label, s), this.o.tokenHint);
    }
    if (s === 404 || s === 410) return fail('not_found', opts.notFound ?? t.notFound(label), t.notFoundHint);
    if (s === 409) return fail('conflict', t.conflict(label), t.conflictHint);
    if (s === 422) {
      const fields = rejectedFields(text);
      const code: ErrorCode = fields.includes('body')
        ? 'invalid_body'
        : fields.includes('title')
          ? 'invalid_title'
          : (opts.invalidCode ?? 'invalid_argument');
      return fail(code, t.rejected(label, fields), t.rejectedHint);
    }
    if (s === 423) return fail('policy_blocked', t.locked(label), t.lockedHint);
    // Redirects are not followed, so the token never travels to another address.
    if (s >= 300 && s < 400) return fail('backend_error', t.redirect(label, s), t.redirectHint);
    if (s >= 500) return fail('backend_error', t.serverError(label, s), t.serverErrorHint);
    return fail('backend_error', t.other(label, s), t.otherHint);
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
