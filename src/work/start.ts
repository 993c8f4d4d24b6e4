import path from 'node:path';
import { normalizeBrain, titleForBrain, upsertBrain } from '../shared/brains.js';
import type { Audience } from '../shared/audience.js';
import type { Lang } from '../shared/config.js';
import { ButlerError } from '../shared/errors.js';
import { ok, type ToolResult } from '../shared/result.js';
import type { GitRunner } from '../shared/git.js';
import { sessionText } from './messages/session.js';
import { resolveProjectRoot } from './repo.js';
import type { WorkSession } from './session.js';

export interface StartSessionInput {
  projectRoot: string;
  /** MCP clientInfo.name / title, as the client sent them. */
  clientName?: string;
  clientTitle?: string;
  /** Language of errors, before the project is known; English when omitted (the CLI tool runner). */
  lang?: Lang;
  /** Language of the result, once the project is bound (its `.butler/config.yaml` may choose it). */
  langOf?: (root: string) => Promise<Lang>;
  /** false: a `--client` override (the CLI) names the brain for this call but never registers it. */
  register?: boolean;
}

/**
 * work_session_start: binds this connection to a project and records which brain is here, so that
 * handovers get a real source_brain instead of `unknown` (docs/decisions.md D12). A folder inside the repository
 * binds the whole work tree: records and paths are always relative to its top level.
 */
export async function startWorkSession(
  session: WorkSession,
  input: StartSessionInput,
  deps: { git: GitRunner; now: () => Date },
): Promise<ToolResult> {
  const root = await resolveProjectRoot(deps.git, input.projectRoot, input.lang ?? 'en');
  const changedProject = session.projectRoot !== root;
  session.projectRoot = root;
  if (changedProject) session.defaultIssue = null;
  const brainId = input.clientName ? normalizeBrain(input.clientName, 'unknown') : null;
  session.brainId = brainId;
  session.clientTitle = brainId ? titleForBrain(brainId, input.clientTitle) : null;
  if (brainId && input.register !== false) await upsertBrain(root, brainId, session.clientTitle, deps.now());
  const t = sessionText(input.langOf ? await input.langOf(root) : (input.lang ?? 'en'));
  return ok(t.started(path.basename(root)), {
    project_root: root,
    brain_id: brainId,
    client_title: session.clientTitle,
    default_issue: session.defaultIssue,
    required_action: { tool: 'work_observe', args: {}, reason: t.observeFirst },
  });
}

/** Whether an issue exists: false only when the tracker says not_found, null when it cannot tell. */
export type IssueCheck = (id: number) => Promise<boolean | null>;

/** not_found for the issues the tracker says do not exist; nothing is linked or set then. */
export async function requireIssues(ids: number[], exists: IssueCheck | undefined, lang: Lang, to?: Audience): Promise<void> {
  if (!exists || !ids.length) return;
  const missing: number[] = [];
  for (const id of ids) if ((await exists(id)) === false) missing.push(id);
  const t = sessionText(lang, to);
  if (missing.length) throw new ButlerError('not_found', t.issueNotFound(missing), t.issueNotFoundHint, { issue_ids: missing });
}

/**
 * work_start: sets (or with null clears) the default issue. Locks nothing. `closed` (the CLI's) tells a
 * closed issue: it is set all the same, with a hint to reopen it or pick an open one (walk-through 6).
 */
export async function setDefaultIssue(
  session: WorkSession,
  issueId: number | null,
  lang: Lang,
  exists?: IssueCheck,
  to?: Audience,
  closed?: (id: number) => Promise<boolean>,
): Promise<ToolResult> {
  if (issueId !== null) await requireIssues([issueId], exists, lang, to);
  session.defaultIssue = issueId;
  const t = sessionText(lang, to);
  if (issueId !== null && closed && (await closed(issueId)))
    return { ...ok(t.issueSetClosed(issueId), { default_issue: issueId, issue_state: 'closed' }), hint: t.closedHint(issueId) };
  return ok(issueId === null ? t.issueCleared : t.issueSet(issueId), { default_issue: issueId });
}
