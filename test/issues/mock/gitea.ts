import { MockHttpServer, iso, type RecordedRequest, type Reply } from './server.js';

/**
 * Gitea API v1 as its swagger (templates/swagger/v1_json.tmpl) describes the endpoints Butler uses:
 * - GET/PATCH /repos/{owner}/{repo}/issues/{index} (PATCH answers 201 with the Issue)
 * - POST /repos/{owner}/{repo}/issues (CreateIssueOption: title, body, labels as int64 ids) → 201
 * - GET /repos/{owner}/{repo}/issues/{index}/comments: all comments, X-Total-Count, no paging params
 * - POST .../issues/{index}/comments → 201; GET/DELETE /repos/{owner}/{repo}/issues/comments/{id} (DELETE → 204)
 * - GET /repos/{owner}/{repo}/labels?page&limit (limit capped at 50) with X-Total-Count
 * Errors are APIError bodies `{message, url}`; auth is `Authorization: token <token>`.
 */
export interface GiteaState {
  issues: Map<
    number,
    {
      number: number;
      title: string;
      body: string;
      state: string;
      labels: number[];
      created_at: string;
      updated_at: string;
      closed_at: string | null;
    }
  >;
  comments: { id: number; issue: number; body: string; login: string; created_at: string }[];
  labels: { id: number; name: string; color: string }[];
  nextComment: number;
  /** Page the comment list like a future server would; 0 = Gitea's real behaviour (everything). */
  pageComments: number;
}

export const GITEA_TOKEN = 'gitea-secret-token-123456';
export const OWNER = 'acme';
export const REPO = 'widgets';

export function giteaMock() {
  const state: GiteaState = { issues: new Map(), comments: [], labels: [], nextComment: 1000, pageComments: 0 };
  const server = new MockHttpServer((req, base) => route(state, req, base));
  return { server, state };
}

function apiError(status: number, message: string, base: string): Reply {
  return { status, body: { message, url: `${base}/api/swagger` } };
}

const user = (login: string) => ({ id: 1, login, full_name: '', email: `${login}@example.com`, avatar_url: '', username: login });

function issueJson(s: GiteaState, n: number, base: string) {
  const i = s.issues.get(n)!;
  return {
    id: 5000 + n,
    url: `${base}/api/v1/repos/${OWNER}/${REPO}/issues/${n}`,
    html_url: `${base}/${OWNER}/${REPO}/issues/${n}`,
    number: n,
    user: user('butler-bot'),
    original_author: '',
    original_author_id: 0,
    title: i.title,
    body: i.body,
    ref: '',
    assets: [],
    labels: i.labels
      .map((id) => s.labels.find((l) => l.id === id))
      .filter(Boolean)
      .map((l) => ({ ...l, description: '', exclusive: false, is_archived: false, url: '' })),
    milestone: null,
    assignee: null,
    assignees: null,
    state: i.state,
    is_locked: false,
    comments: s.comments.filter((c) => c.issue === n).length,
    created_at: i.created_at,
    updated_at: i.updated_at,
    closed_at: i.closed_at,
    due_date: null,
    pull_request: null,
    repository: { id: 7, name: REPO, owner: OWNER, full_name: `${OWNER}/${REPO}` },
    pin_order: 0,
  };
}

function commentJson(c: GiteaState['comments'][number], base: string) {
  return {
    id: c.id,
    html_url: `${base}/${OWNER}/${REPO}/issues/${c.issue}#issuecomment-${c.id}`,
    pull_request_url: '',
    issue_url: `${base}/${OWNER}/${REPO}/issues/${c.issue}`,
    user: user(c.login),
    original_author: '',
    original_author_id: 0,
    body: c.body,
    assets: [],
    created_at: c.created_at,
    updated_at: c.created_at,
  };
}

function route(s: GiteaState, req: RecordedRequest, base: string): Reply {
  if (req.headers.authorization !== `token ${GITEA_TOKEN}`) return apiError(401, 'token is required', base);
  const prefix = `/api/v1/repos/${OWNER}/${REPO}`;
  if (!req.path.startsWith(prefix)) return apiError(404, "The target couldn't be found.", base);
  const p = req.path.slice(prefix.length);
  let m: RegExpExecArray | null;
  if (p === '/labels' && req.method === 'GET') {
    const limit = Math.min(Number(req.query.get('limit') ?? 30), 50);
    const page = Number(req.query.get('page') ?? 1);
    return { status: 200, body: s.labels.slice((page - 1) * limit, page * limit), headers: { 'X-Total-Count': String(s.labels.length) } };
  }
  if (p === '/issues' && req.method === 'GET') {
    // GET /repos/{owner}/{repo}/issues: state open|closed|all (default open), type issues|pulls, page, limit; newest first.
    const want = req.query.get('state') ?? 'open';
    const limit = Math.min(Number(req.query.get('limit') ?? 30), 50);
    const page = Number(req.query.get('page') ?? 1);
    const ns = [...s.issues.keys()].filter((n) => want === 'all' || s.issues.get(n)!.state === want).sort((a, b) => b - a);
    return {
      status: 200,
      body: ns.slice((page - 1) * limit, page * limit).map((n) => issueJson(s, n, base)),
      headers: { 'X-Total-Count': String(ns.length) },
    };
  }
  if (p === '/issues' && req.method === 'POST') {
    if (!req.body?.title) return apiError(422, '[Title]: Required', base);
    for (const id of req.body.labels ?? []) if (!s.labels.some((l) => l.id === id)) return apiError(422, 'label does not exist', base);
    const n = s.issues.size + 1;
    const t = iso(n);
    s.issues.set(n, {
      number: n,
      title: req.body.title,
      body: req.body.body ?? '',
      state: 'open',
      labels: req.body.labels ?? [],
      created_at: t,
      updated_at: t,
      closed_at: null,
    });
    return { status: 201, body: issueJson(s, n, base) };
  }
  if ((m = /^\/issues\/comments\/(\d+)$/.exec(p))) {
    const c = s.comments.find((x) => x.id === Number(m![1]));
    if (!c) return apiError(404, "The target couldn't be found.", base);
    if (req.method === 'GET') return { status: 200, body: commentJson(c, base) };
    if (req.method === 'DELETE') {
      s.comments.splice(s.comments.indexOf(c), 1);
      return { status: 204 };
    }
  }
  if ((m = /^\/issues\/(\d+)(\/comments)?$/.exec(p))) {
    const n = Number(m[1]);
    const issue = s.issues.get(n);
    if (!issue) return apiError(404, "The target couldn't be found.", base);
    if (!m[2] && req.method === 'GET') return { status: 200, body: issueJson(s, n, base) };
    if (!m[2] && req.method === 'PATCH') {
      if (req.body.title !== undefined) issue.title = req.body.title;
      if (req.body.body !== undefined) issue.body = req.body.body;
      if (req.body.state !== undefined) {
        issue.state = req.body.state;
        issue.closed_at = req.body.state === 'closed' ? iso(59) : null;
      }
      issue.updated_at = iso(58);
      return { status: 201, body: issueJson(s, n, base) };
    }
    const mine = s.comments.filter((c) => c.issue === n);
    if (m[2] && req.method === 'GET') {
      let items = mine;
      if (s.pageComments) {
        const limit = Number(req.query.get('limit') ?? s.pageComments);
        const page = Number(req.query.get('page') ?? 1);
        items = mine.slice((page - 1) * limit, page * limit);
      }
      return { status: 200, body: items.map((c) => commentJson(c, base)), headers: { 'X-Total-Count': String(mine.length) } };
    }
    if (m[2] && req.method === 'POST') {
      const c = { id: s.nextComment++, issue: n, body: req.body.body, login: 'butler-bot', created_at: iso(30) };
      s.comments.push(c);
      return { status: 201, body: commentJson(c, base) };
    }
  }
  return apiError(405, 'method not allowed', base);
}
