import { normalizeBrain } from '../handover/brains.js';
import { ButlerError, invalidArgument } from '../shared/errors.js';
import { CONFIG_FILE, loadConfig, type ButlerConfig } from '../shared/config.js';
import { GiteaIssueBackend } from './gitea.js';
import { GitHubIssueBackend } from './github.js';
import { HttpClient } from './http.js';
import { LocalIssueBackend } from './local/backend.js';
import type { IssueBackend } from './types.js';

export type { Issue, IssueBackend, IssueComment } from './types.js';

export interface OpenIssueBackendOptions {
  projectRoot: string;
  env: Record<string, string | undefined>;
  /** Brain id (or CLI user) recorded as the author of local issues and comments. */
  author: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const GITHUB_API = 'https://api.github.com';

/** Reads `.butler/config.yaml` `issues:` and returns the configured tracker; `local` when nothing is set. */
export async function openIssueBackend(opts: OpenIssueBackendOptions): Promise<IssueBackend> {
  const config = await loadConfig(opts.projectRoot);
  return backendFromConfig(config.issues, opts);
}

type IssuesConfig = NonNullable<ButlerConfig['issues']>;

export function backendFromConfig(cfg: IssuesConfig | undefined, opts: OpenIssueBackendOptions): IssueBackend {
  const author = normalizeBrain(opts.author, 'unknown');
  const backend = cfg?.backend ?? 'local';
  if (!cfg || backend === 'local') return new LocalIssueBackend({ projectRoot: opts.projectRoot, author, now: opts.now });
  const owner = cfg.owner;
  const repo = cfg.repo;
  if (!owner || !repo) {
    throw invalidArgument(`issues.owner and issues.repo are required for ${backend}`, `Set them in ${CONFIG_FILE}.`);
  }
  const doFetch = opts.fetch ?? globalThis.fetch;
  const timeoutMs = cfg.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  if (backend === 'gitea') {
    if (!cfg.url) throw invalidArgument('issues.url is required for gitea', `Set the Gitea base URL in ${CONFIG_FILE}.`);
    const varName = cfg.token_env ?? 'GITEA_TOKEN';
    const token = opts.env[varName]?.trim();
    const http = new HttpClient({
      label: 'Gitea',
      apiBase: apiBase(cfg.url, '/api/v1'),
      authorization: token ? `token ${token}` : undefined,
      tokenHint: `Set ${varName} to a Gitea token with issue read/write access.`,
      fetch: doFetch,
      timeoutMs,
    });
    return new GiteaIssueBackend({ http, owner, repo });
  }
  const names = cfg.token_env ? [cfg.token_env, 'GITHUB_TOKEN', 'GH_TOKEN'] : ['GITHUB_TOKEN', 'GH_TOKEN'];
  const token = names.map((n) => opts.env[n]?.trim()).find(Boolean);
  const http = new HttpClient({
    label: 'GitHub',
    apiBase: apiBase(cfg.url ?? GITHUB_API, ''),
    authorization: token ? `Bearer ${token}` : undefined,
    tokenHint: `Set ${names.join(' or ')} to a token with Issues read/write access.`,
    headers: { Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': '2022-11-28', 'User-Agent': 'agent-butler' },
    fetch: doFetch,
    timeoutMs,
  });
  return new GitHubIssueBackend({ http, owner, repo });
}

/**
 * Normalises the configured URL to the API root. Credentials in the URL are refused: they would end
 * up in a committed file, and the token belongs in an environment variable.
 */
function apiBase(raw: string, suffix: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidArgument('issues.url is not a URL', `Fix it in ${CONFIG_FILE}.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalidArgument('issues.url must be http(s)', `Fix it in ${CONFIG_FILE}.`);
  if (url.username || url.password) {
    throw new ButlerError('invalid_argument', 'issues.url must not contain credentials', 'Remove them and put the token in the variable named by issues.token_env.');
  }
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
}

/** What `butler status` / the worker surface may show about the tracker: never the token itself. */
export async function describeIssueBackend(projectRoot: string, env: Record<string, string | undefined>): Promise<IssueBackendInfo> {
  const cfg = (await loadConfig(projectRoot)).issues;
  const backend = cfg?.backend ?? 'local';
  if (!cfg || backend === 'local') return { backend: 'local', token_vars: [], token_set: false };
  const vars =
    backend === 'gitea'
      ? [cfg.token_env ?? 'GITEA_TOKEN']
      : cfg.token_env
        ? [cfg.token_env, 'GITHUB_TOKEN', 'GH_TOKEN']
        : ['GITHUB_TOKEN', 'GH_TOKEN'];
  return {
    backend,
    owner: cfg.owner,
    repo: cfg.repo,
    url: cfg.url ?? (backend === 'github' ? GITHUB_API : undefined),
    token_vars: vars,
    token_set: vars.some((v) => Boolean(env[v]?.trim())),
  };
}
