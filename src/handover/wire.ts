import type { Audience } from '../shared/audience.js';
import { readConfig, resolveLang } from '../shared/config.js';
import { openIssueBackend } from '../issues/index.js';
import type { GitRunner } from '../shared/git.js';
import { observeWork } from '../work/index.js';
import type { HandoverContext } from './context.js';
import { buildSessionFacts } from './session-facts.js';
import { makeRedactor } from '../shared/redact.js';
import { HandoverStore } from './store.js';

export interface WireOptions {
  root: string;
  sessionBrain: string | null;
  defaultIssue: number | null;
  git: GitRunner;
  now: () => Date;
  env: Record<string, string | undefined>;
  /** The user's Butler folder (tracker URL approvals). */
  userConfigDir?: string;
  /** Bound for each fetch or push of shared handovers. */
  shareTimeoutMs?: number;
  /** Reuses one store per project so a long-lived server keeps its parsed index. */
  stores?: Map<string, HandoverStore>;
  /** The CLI's results speak to a person (docs/decisions.md D37); the MCP server's to an agent. */
  audience?: Audience;
}

/** Assembles the handover capability from the other capabilities, for the MCP facade and the CLI. */
export async function createHandoverContext(o: WireOptions): Promise<HandoverContext> {
  // A broken config never blocks a handover (handover_suspend above all): it runs on the defaults;
  // `butler status` and the commands that need the file report where it is broken.
  const { config } = await readConfig(o.root);
  const lang = resolveLang(config, o.env);
  let store = o.stores?.get(o.root);
  if (!store) {
    store = new HandoverStore(o.root);
    o.stores?.set(o.root, store);
  }
  const redact = makeRedactor(config.redact?.patterns ?? []);
  const openBackend = () =>
    openIssueBackend({
      projectRoot: o.root,
      env: o.env,
      userConfigDir: o.userConfigDir,
      author: o.sessionBrain ?? 'unknown',
      now: o.now,
      lang,
    });
  return {
    root: o.root,
    store,
    sessionBrain: o.sessionBrain,
    defaultIssue: o.defaultIssue,
    git: o.git,
    now: o.now,
    lang,
    audience: o.audience,
    env: o.env,
    redact,
    shareByDefault: config.handover?.share ?? false,
    shareTimeoutMs: o.shareTimeoutMs,
    commentOnIssue: async (id, body) => {
      const backend = await openBackend();
      if (backend.kind === 'local') return false;
      await backend.comment(id, body);
      return true;
    },
    readIssue: async (id) => {
      const backend = await openBackend();
      const issue = await backend.read(id);
      // The title lands in the snapshot heading, METADATA, the index and the SessionStart prompt.
      return { title: redact(issue.title), body: redact(issue.body), state: issue.state };
    },
    observe: async (issueId) => {
      const defaultIssue = issueId === undefined ? o.defaultIssue : issueId;
      const r = await observeWork({ projectRoot: o.root, defaultIssue, git: o.git, lang });
      return r.data.work_state === 'unknown' && r.status === 'error' ? null : { ...r.data };
    },
    sessionFacts: (q) => buildSessionFacts({ root: o.root, env: o.env, lang, redact, ...q }),
  };
}
