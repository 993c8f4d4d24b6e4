import { normalizeBrain } from '../shared/brains.js';
import { makeRedactor } from '../shared/redact.js';
import { ButlerError, invalidArgument } from '../shared/errors.js';
import type { Audience } from '../shared/audience.js';
import { CONFIG_FILE, loadConfig, type ButlerConfig, type Lang } from '../shared/config.js';
import { GiteaIssueBackend } from './gitea.js';
import { GitHubIssueBackend } from './github.js';
import { HttpClient } from './http.js';
import { LocalIssueBackend } from './local/backend.js';
import { backendText } from './messages/backend.js';
import { redacting } from './redacting.js';
import { trackerUrlProblem } from '../shared/tracker-url.js';
import { approvalKey, isTokenVar, isUrlApproved, TOKEN_VARS, type TokenVar } from './trust.js';
import type { IssueBackend } from './types.js';

// The issues capability's front door (docs/decisions.md D38): the only module of src/issues/ imported from outside it.
export type { Issue, IssueBackend, IssueComment } from './types.js';
export { ISSUE_LIST_MAX } from './types.js';
export {
  closeIssue,
  commentIssue,
  createIssue,
  deleteIssueComment,
  listIssues,
  readIssue,
  reopenIssue,
  updateIssueBody,
  updateIssueTitle,
} from './ops.js';
export { issueRecorder, noteIssueChange, type IssueChange } from './record.js';
export { approvalKey, approveUrl, isUrlApproved } from './trust.js';
export { LOCAL_ISSUES_DIR, issueStateOf } from './local/format.js';

export interface OpenIssueBackendOptions {
  projectRoot: string;
  env: Record<string, string | undefined>;
  /** Brain id (or CLI user) recorded as the author of local issues and comments. */
  author: string;
  fetch?: typeof fetch;
  now?: () => Date;
  /**
   * Language of the summaries and hints of the backend's errors. English when omitted, for callers that
   * only read data (the handover snapshot, the worker surface).
   */
  lang?: Lang;
  /** Whose words the errors speak: an agent's by default, a person's from the CLI (docs/decisions.md D37). */
  audience?: Audience;
  /** The user's Butler folder (`userConfigDir`), where approved tracker URLs are recorded. */
  userConfigDir?: string;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const GITHUB_API = 'https://api.github.com';

/** Reads `.butler/config.yaml` `issues:` and returns the configured tracker; `local` when nothing is set. */
export async function openIssueBackend(opts: OpenIssueBackendOptions): Promise<IssueBackend> {
  const config = await loadConfig(opts.projectRoot);
  const url = config.issues?.url;
  // GitHub's own API address is Butler's default, not the repository's choice: no approval needed.
  const builtIn = config.issues?.backend === 'github' && url !== undefined && approvalKey(url) === GITHUB_API;
  const approved = url
    ? builtIn || (await isUrlApproved(opts.userConfigDir, url, config.issues ? tokenVarFor(config.issues, opts.env) : null))
    : false;
  return redacting(backendFromConfig(config.issues, opts, approved), makeRedactor(config.redact?.patterns ?? []));
}

type IssuesConfig = NonNullable<ButlerConfig['issues']>;

/** Variables read for the token, in order: only names from TOKEN_VARS, whatever the config asks for. */
function tokenVars(cfg: IssuesConfig, lang: Lang): string[] {
  const t = backendText(lang);
  if (cfg.token_env && !isTokenVar(cfg.token_env)) throw invalidArgument(t.tokenEnvRefused(cfg.token_env), t.tokenEnvHint(TOKEN_VARS));
  const defaults = cfg.backend === 'gitea' ? ['GITEA_TOKEN', 'BUTLER_ISSUES_TOKEN'] : ['GITHUB_TOKEN', 'GH_TOKEN', 'BUTLER_ISSUES_TOKEN'];
  return [...new Set([...(cfg.token_env ? [cfg.token_env] : []), ...defaults])];
}

/** The variable whose token this config would send now (the first one set), or null when none is set. */
export function tokenVarFor(cfg: IssuesConfig, env: Record<string, string | undefined>): TokenVar | null {
  return (tokenVars(cfg, 'en').find((n) => env[n]?.trim()) as TokenVar | undefined) ?? null;
}

/** The variable an approval is given for: the one set now, else the first this config would read. */
export function approvalTokenVar(cfg: IssuesConfig | undefined, env: Record<string, string | undefined>): TokenVar {
  if (!cfg) return 'BUTLER_ISSUES_TOKEN';
  return tokenVarFor(cfg, env) ?? (tokenVars(cfg, 'en')[0] as TokenVar);
}

/**
 * `approved`: the user approved `cfg.url` (see trust.ts). A URL from the repository's config is used
 * only then; GitHub's own API address needs no approval.
 */
export function backendFromConfig(cfg: IssuesConfig | undefined, opts: OpenIssueBackendOptions, approved = false): IssueBackend {
  const author = normalizeBrain(opts.author, 'unknown');
  const lang = opts.lang ?? 'en';
  const t = backendText(lang, opts.audience);
  const backend = cfg?.backend ?? 'local';
  if (!cfg || backend === 'local')
    return new LocalIssueBackend({ projectRoot: opts.projectRoot, author, now: opts.now, lang, audience: opts.audience });
  const owner = cfg.owner;
  const repo = cfg.repo;
  if (!owner || !repo) throw invalidArgument(t.ownerRepoRequired(backend), t.setThem(CONFIG_FILE));
  const doFetch = opts.fetch ?? globalThis.fetch;
  const timeoutMs = cfg.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  const names = tokenVars(cfg, lang);
  const token = names.map((n) => opts.env[n]?.trim()).find(Boolean);
  if (backend === 'gitea' && !cfg.url) throw invalidArgument(t.urlRequired, t.urlRequiredHint(CONFIG_FILE));
  const base = apiBase(cfg.url ?? GITHUB_API, backend === 'gitea' ? '/api/v1' : '', lang);
  if (cfg.url && !approved) {
    const key = approvalKey(cfg.url) ?? cfg.url;
    throw new ButlerError('policy_blocked', t.urlNotApproved(key), t.urlNotApprovedHint(key), { url: key });
  }
  if (backend === 'gitea') {
    const http = new HttpClient({
      label: 'Gitea',
      apiBase: base,
      authorization: token ? `token ${token}` : undefined,
      tokenHint: t.giteaToken(names),
      fetch: doFetch,
      timeoutMs,
      lang,
    });
    return new GiteaIssueBackend({ http, owner, repo, lang, audience: opts.audience });
  }
  const http = new HttpClient({
    label: 'GitHub',
    apiBase: base,
    authorization: token ? `Bearer ${token}` : undefined,
    tokenHint: t.githubToken(names),
    headers: { Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': '2022-11-28', 'User-Agent': 'agent-butler' },
    fetch: doFetch,
    timeoutMs,
    lang,
  });
  return new GitHubIssueBackend({ http, owner, repo, lang, audience: opts.audience });
}

/**
 * Normalises the configured URL to the API root. Credentials in the URL are refused: they would end
 * up in a committed file, and the token belongs in an environment variable.
 */
function apiBase(raw: string, suffix: string, lang: Lang): string {
  const t = backendText(lang);
  // The config reader applies the same rule (src/shared/tracker-url.ts): this guards a URL from anywhere else.
  if (trackerUrlProblem(raw) !== null) throw invalidArgument(t.urlHttps, t.fixIn(CONFIG_FILE));
  const url = new URL(raw);
  let base = `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  if (suffix && !base.endsWith(suffix)) base += suffix;
  return base;
}

export interface IssueBackendInfo {
  backend: 'local' | 'gitea' | 'github';
  owner?: string;
  repo?: string;
  url?: string;
  /** Variables checked for the token, in order, and whether one is set. Never the value. */
  token_vars: string[];
  token_set: boolean;
  /** Whether the user approved `url` for a token; true for GitHub's own API. */
  url_approved: boolean;
}

/** What `butler status` / the worker surface may show about the tracker: never the token itself. */
export async function describeIssueBackend(
  projectRoot: string,
  env: Record<string, string | undefined>,
  userConfigDir?: string,
): Promise<IssueBackendInfo> {
  const cfg = (await loadConfig(projectRoot)).issues;
  const backend = cfg?.backend ?? 'local';
  if (!cfg || backend === 'local') return { backend: 'local', token_vars: [], token_set: false, url_approved: true };
  const vars = tokenVars(cfg, 'en');
  return {
    backend,
    owner: cfg.owner,
    repo: cfg.repo,
    url: cfg.url ?? (backend === 'github' ? GITHUB_API : undefined),
    token_vars: vars,
    token_set: vars.some((v) => Boolean(env[v]?.trim())),
    url_approved:
      cfg.url && !(backend === 'github' && approvalKey(cfg.url) === GITHUB_API) ? await isUrlApproved(userConfigDir, cfg.url) : true,
  };
}

/**
 * Whether an issue exists, for the tools that link one (work_start, work_record, handovers): false only
 * when the tracker clearly says not_found; null when it could not be told (unreachable, no token), so
 * an unavailable tracker never blocks local work.
 */
export async function issueExists(opts: OpenIssueBackendOptions, id: number): Promise<boolean | null> {
  try {
    await (await openIssueBackend(opts)).read(id);
    return true;
  } catch (err) {
    return err instanceof ButlerError && err.code === 'not_found' ? false : null;
  }
}
