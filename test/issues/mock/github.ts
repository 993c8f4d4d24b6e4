import { MockHttpServer, iso, type RecordedRequest, type Reply } from './server.js';

/**
 * GitHub REST v3 (API version 2022-11-28) as docs.github.com describes the endpoints Butler uses:
 * - GET/PATCH /repos/{owner}/{repo}/issues/{issue_number} (PATCH → 200; state, state_reason)
 * - POST /repos/{owner}/{repo}/issues (title, body, labels as names) → 201; 422 "Validation Failed"
 * - GET /repos/{owner}/{repo}/issues/{issue_number}/comments?per_page&page (max 100, default 30), with a
 *   Link header whose URLs use the /repositories/{id}/... form, as api.github.com sends them
 * - POST .../comments → 201; GET/DELETE /repos/{owner}/{repo}/issues/comments/{comment_id} (DELETE → 204)
 * Errors are `{message, documentation_url, status}`; auth is `Authorization: Bearer <token>`.
 */
export const GITHUB_TOKEN = 'ghp_supersecrettokenvalue0987';
export const GH_OWNER = 'octo';
export const GH_REPO = 'hello';
const REPO_ID = 1300192;

export interface GitHubState {
  issues: Map<
    number,
    {
      title: string;
      body: string | null;
      state: string;
      state_reason: string | null;
      labels: string[];
      created_at: string;
      updated_at: string;
      pull?: boolean;
    }
  >;
  comments: { id: number; issue: number; body: string; login: string; created_at: string }[];
  nextComment: number;
  /** Make Link headers point at another host, to prove the client refuses to follow them. */
  foreignLinks: boolean;
}

export function githubMock() {
  const state: GitHubState = { issues: new Map(), comments: [], nextComment: 900, foreignLinks: false };
  const server = new MockHttpServer((req, base) => route(state, req, base));
  return { server, state };
}

function err(status: number, message: string, extra: Record<string, unknown> = {}): Reply {
  return { status, body: { message, ...extra, documentation_url: 'https://docs.github.com/rest', status: String(status) } };
}

const user = (login: string) => ({ login, id: 1, node_id: 'MDQ6VXNlcjE=', type: 'User', site_admin: false });

function issueJson(s: GitHubState, n: number, base: string) {
  const i = s.issues.get(n)!;
  return {
    id: 7000 + n,
    node_id: 'I_kwDO',
    url: `${base}/repos/${GH_OWNER}/${GH_REPO}/issues/${n}`,
    repository_url: `${base}/repos/${GH_OWNER}/${GH_REPO}`,
    comments_url: `${base}/repos/${GH_OWNER}/${GH_REPO}/issues/${n}/comments`,
    html_url: `https://github.com/${GH_OWNER}/${GH_REPO}/issues/${n}`,
    number: n,
    state: i.state,
    state_reason: i.state_reason,
    title: i.title,
    body: i.body,
    user: user('octocat'),
    labels: i.labels.map((name, k) => ({ id: 200 + k, node_id: 'LA_', url: '', name, description: null, color: 'f29513', default: false })),
    assignee: null,
    assignees: [],
    milestone: null,
    locked: false,
    comments: s.comments.filter((c) => c.issue === n).length,
    closed_at: i.state === 'closed' ? iso(59) : null,
    created_at: i.created_at,
    updated_at: i.updated_at,
    author_association: 'OWNER',
    ...(i.pull ? { pull_request: { url: `${base}/repos/${GH_OWNER}/${GH_REPO}/pulls/${n}`, merged_at: null } } : {}),
  };
}

function commentJson(c: GitHubState['comments'][number], base: string) {
  return {
    id: c.id,
    node_id: 'IC_',
    url: `${base}/repos/${GH_OWNER}/${GH_REPO}/issues/comments/${c.id}`,
    html_url: `https://github.com/${GH_OWNER}/${GH_REPO}/issues/${c.issue}#issuecomment-${c.id}`,
    body: c.body,
    user: user(c.login),
    created_at: c.created_at,
    updated_at: c.created_at,
    issue_url: `${base}/repos/${GH_OWNER}/${GH_REPO}/issues/${c.issue}`,
    author_association: 'OWNER',
  };
}

/** RFC 8288 Link header with next/last/first/prev, as GitHub sends for a paginated list. */
function linkHeader(base: string, n: number, page: number, perPage: number, pages: number): string | undefined {
  if (pages <= 1) return undefined;
  const u = (p: number) => `<${base}/repositories/${REPO_ID}/issues/${n}/comments?per_page=${perPage}&page=${p}>`;
  const parts: string[] = [];
  if (page > 1) parts.push(`${u(page - 1)}; rel="prev"`);
  if (page < pages) parts.push(`${u(page + 1)}; rel="next"`, `${u(pages)}; rel="last"`);
  if (page > 1) parts.push(`${u(1)}; rel="first"`);
  return parts.join(', ');
}

function route(s: GitHubState, req: RecordedRequest, base: string): Reply {
  if (req.headers.authorization !== `Bearer ${GITHUB_TOKEN}`) return err(401, 'Bad credentials');
  let p = req.path;
  const byId = `/repositories/${REPO_ID}`;
  if (p.startsWith(byId)) p = p.slice(byId.length);
  else if (p.startsWith(`/repos/${GH_OWNER}/${GH_REPO}`)) p = p.slice(`/repos/${GH_OWNER}/${GH_REPO}`.length);
  else return err(404, 'Not Found');
  let m: RegExpExecArray | null;
  if (p === '/issues' && req.method === 'GET') {
    // GET /repos/{owner}/{repo}/issues: state open|closed|all (default open), per_page (max 100), page; pull requests included.
    const want = req.query.get('state') ?? 'open';
    const perPage = Math.min(Number(req.query.get('per_page') ?? 30), 100);
    const page = Number(req.query.get('page') ?? 1);
    const ns = [...s.issues.keys()].filter((n) => want === 'all' || s.issues.get(n)!.state === want).sort((a, b) => b - a);
    return { status: 200, body: ns.slice((page - 1) * perPage, page * perPage).map((n) => issueJson(s, n, base)) };
  }
  if (p === '/issues' && req.method === 'POST') {
    if (!req.body?.title) return err(422, 'Validation Failed', { errors: [{ resource: 'Issue', code: 'missing_field', field: 'title' }] });
    const n = s.issues.size + 1;
    const t = iso(n);
    s.issues.set(n, {
      title: req.body.title,
      body: req.body.body ?? null,
      state: 'open',
      state_reason: null,
      labels: req.body.labels ?? [],
      created_at: t,
      updated_at: t,
    });
    return { status: 201, body: issueJson(s, n, base) };
  }
  if ((m = /^\/issues\/comments\/(\d+)$/.exec(p))) {
    const c = s.comments.find((x) => x.id === Number(m![1]));
    if (!c) return err(404, 'Not Found');
    if (req.method === 'GET') return { status: 200, body: commentJson(c, base) };
    if (req.method === 'DELETE') {
      s.comments.splice(s.comments.indexOf(c), 1);
      return { status: 204 };
    }
  }
  if ((m = /^\/issues\/(\d+)(\/comments)?$/.exec(p))) {
    const n = Number(m[1]);
    const issue = s.issues.get(n);
    if (!issue) return err(404, 'Not Found');
    if (!m[2] && req.method === 'GET') return { status: 200, body: issueJson(s, n, base) };
    if (!m[2] && req.method === 'PATCH') {
      if (req.body.title !== undefined) issue.title = req.body.title;
      if (req.body.body !== undefined) issue.body = req.body.body;
      if (req.body.state !== undefined) {
        issue.state = req.body.state;
        issue.state_reason = req.body.state_reason ?? (req.body.state === 'open' ? 'reopened' : 'completed');
      }
      issue.updated_at = iso(58);
      return { status: 200, body: issueJson(s, n, base) };
    }
    const mine = s.comments.filter((c) => c.issue === n);
    if (m[2] && req.method === 'GET') {
      const perPage = Math.min(Number(req.query.get('per_page') ?? 30), 100);
      const page = Number(req.query.get('page') ?? 1);
      const pages = Math.max(1, Math.ceil(mine.length / perPage));
      const link = linkHeader(s.foreignLinks ? 'https://evil.example' : base, n, page, perPage, pages);
      return {
        status: 200,
        body: mine.slice((page - 1) * perPage, page * perPage).map((c) => commentJson(c, base)),
        headers: link ? { Link: link } : {},
      };
    }
    if (m[2] && req.method === 'POST') {
      const c = { id: s.nextComment++, issue: n, body: req.body.body, login: 'octocat', created_at: iso(30) };
      s.comments.push(c);
      return { status: 201, body: commentJson(c, base) };
    }
  }
  return err(404, 'Not Found');
}
