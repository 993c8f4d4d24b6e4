import type { Audience } from '../shared/audience.js';
import type { Lang } from '../shared/config.js';
import { ButlerError, invalidArgument } from '../shared/errors.js';
import { confinePath } from '../shared/paths.js';
import { needInput, ok, type Action, type ToolResult } from '../shared/result.js';
import type { GitRunner } from '../shared/git.js';
import { blobAt, changedProtected, committedProtected, protectedChanges, type ProtectedChanges } from '../guard/index.js';
import { judgeWork, refuseWhenBlocked } from './observe.js';
import { recordText } from './messages/record.js';
import { gitFailure, gitOk } from './repo.js';
import { type IssueCheck, requireIssues } from './start.js';
import { PRIVATE_DIR, readStatus } from './status.js';

/** The English policy_blocked hint; the Japanese one is verbatim (messages/record.ts; docs/decisions.md D27). */
export const NOTHING_TO_RECORD_HINT = recordText('en').nothingHint;

export interface RecordInput {
  projectRoot: string;
  message: string;
  /** undefined: the default issue if any; []: explicitly no link; [..]: these issues. */
  issueIds?: number[];
  defaultIssue: number | null;
  git: GitRunner;
  /** Worker surface only: stage just these paths instead of every change. */
  paths?: string[];
  /** Summaries and hints; English when omitted (the worker surface resolves no language). */
  lang?: Lang;
  /** Whose words: an agent's by default, a person's from the CLI (docs/decisions.md D37). */
  audience?: Audience;
  /** Explicit issue_ids the tracker says do not exist are refused (not_found) before anything is recorded. */
  issueExists?: IssueCheck;
  /** A person's yes to record Butler's own files (the CLI at a terminal); absent: they are refused. */
  personConsent?: PersonConsent;
}

/**
 * Asks the person; `why` says why no yes could be given (no terminal, an agent above, answered no).
 * `unasked`: nobody could be asked (no terminal, an agent above), so the answer is still to come.
 */
export type PersonConsent = (question: string) => Promise<{ given: true } | { given: false; why: string; unasked?: boolean }>;

export interface IssueLinks {
  issue_ids: number[];
  link_source: 'explicit' | 'default_issue' | 'none';
}

export function resolveIssueLinks(issueIds: number[] | undefined, defaultIssue: number | null, lang: Lang = 'en'): IssueLinks {
  if (issueIds === undefined) {
    return defaultIssue !== null ? { issue_ids: [defaultIssue], link_source: 'default_issue' } : { issue_ids: [], link_source: 'none' };
  }
  for (const id of issueIds) {
    if (!Number.isInteger(id) || id <= 0) throw invalidArgument(recordText(lang).badIssueIds, recordText(lang).badIssueIdsHint);
  }
  return { issue_ids: [...new Set(issueIds)], link_source: issueIds.length ? 'explicit' : 'none' };
}

/** Issue links live in the message as `#id`, so any tracker and work_history can read them back. */
export function composeMessage(message: string, issueIds: number[]): string {
  const text = message.trim().replace(/\r\n/g, '\n');
  const missing = issueIds.filter((id) => !new RegExp(`#${id}(?![0-9])`).test(text));
  return missing.length ? `${text}\n\nRefs ${missing.map((id) => `#${id}`).join(' ')}\n` : `${text}\n`;
}

/** work_record: stage every change and commit it with the caller's message. Never invents a message. */
export async function recordWork(input: RecordInput): Promise<ToolResult> {
  const lang = input.lang ?? 'en';
  const t = recordText(lang, input.audience);
  if (!input.message.trim()) throw invalidArgument(t.messageRequired, t.messageRequiredHint);
  const links = resolveIssueLinks(input.issueIds, input.defaultIssue, lang);
  if (links.link_source === 'explicit') await requireIssues(links.issue_ids, input.issueExists, lang, input.audience);
  const st = await readStatus(input.git, input.projectRoot, lang);
  const { data: state } = judgeWork(st, input.defaultIssue, lang, input.audience);
  refuseWhenBlocked(state, lang, t.cannot, input.audience);
  if (state.dirty_count === 0) {
    throw new ButlerError('policy_blocked', t.nothing, t.nothingHint, { work_state: state.work_state });
  }
  const root = st.root;
  // The guard must not be relaxed, nor its runtime or hooks changed, by the agent it guards (src/guard/protected.ts).
  const workTree = async (rel: string) => (await import('node:fs/promises')).readFile(`${root}/${rel}`, 'utf8').catch(() => null);
  const found = await protectedChanges(await changedProtected(input.git, root), blobAt(input.git, root, 'HEAD'), workTree);
  const consented = await consentTo(found, input.personConsent, lang);
  if (!(consented instanceof Set)) return consented;
  const parent = (await input.git(root, ['rev-parse', '--verify', '--quiet', 'HEAD'])).stdout.trim() || null;
  // Explicit paths are literal; the default leaves out Butler's private folder, as observe does.
  // Once that folder is git-ignored (install and the first snapshot see to it) an exclude pathspec
  // naming it makes `git add` fail, and it is not needed: git skips ignored files by itself.
  const privateIgnored = (await input.git(root, ['check-ignore', '-q', '--', `${PRIVATE_DIR}/`])).exitCode === 0;
  const add = input.paths?.length
    ? ['--literal-pathspecs', 'add', '--all', '--', ...input.paths.map((p) => confinePath(root, p, 'paths').rel || '.')]
    : privateIgnored
      ? ['add', '--all', '--', '.']
      : ['add', '--all', '--', '.', `:(exclude)${PRIVATE_DIR}`];
  await gitOk(input.git, root, add, 'add', lang);
  const message = composeMessage(input.message, links.issue_ids);
  // -F - keeps the message out of argv: it can never be read as an option.
  const commit = await input.git(root, ['commit', '--quiet', '--file=-'], { input: message });
  if (commit.exitCode !== 0) {
    if (/nothing (added )?to commit|no changes added/i.test(commit.stdout + commit.stderr)) {
      throw new ButlerError('policy_blocked', t.nothing, t.nothingHint, {}, commit.stdout.slice(0, 500));
    }
    throw gitFailure(commit, 'commit', root, lang);
  }
  const head = (await gitOk(input.git, root, ['rev-parse', '--verify', 'HEAD'], 'rev-parse', lang)).trim();
  // The commit made is checked again: a filter or a write between the check and `git add` changes what is committed.
  const made = await protectedChanges(
    await committedProtected(input.git, root, parent, head),
    blobAt(input.git, root, parent),
    blobAt(input.git, root, head),
  );
  // What the person said yes to may be committed; anything else that came in is not.
  const fresh = (files: string[]) => files.filter((f) => !consented.has(f));
  const unasked = { relaxing: fresh(made.relaxing), runtime: fresh(made.runtime) };
  if (unasked.relaxing.length + unasked.runtime.length > 0) {
    await input.git(root, parent ? ['reset', '--soft', '--quiet', parent] : ['update-ref', '-d', 'HEAD']);
    refuseProtected(unasked, lang, t.undone);
  }
  // An agent is asked once, at the first unpublished record: repeated after every record it read as a step
  // to take now (field trial G). Later records say how many wait; work_observe and the handover still name
  // publishing. A person at the CLI sees the choice each time, as a hint.
  const tracking = state.upstream?.status === 'tracking';
  const waiting = tracking && st.ahead !== null ? st.ahead + 1 : null;
  const askNow = waiting === null || waiting === 1 || input.audience === 'person';
  const next: Action | null = tracking && askNow ? { tool: 'work_publish', args: {}, reason: t.publishReason, required_args: [] } : null;
  return ok(t.recorded(head.slice(0, 12), links.issue_ids), {
    record_id: head.slice(0, 12),
    head,
    message: message.trimEnd(),
    ...links,
    files: state.dirty_count,
    branch: st.branch,
    // Publishing is the user's call (issue 22): a separate field, never required_action or a suggestion.
    ...(next ? { ask_user_first: next } : {}),
    ...(waiting !== null ? { unpublished: waiting } : {}),
  });
}

/**
 * Butler's own files are recorded only with a person's yes (the CLI at a terminal): the files the
 * person agreed to, or a refusal. Without a way to ask (MCP, the worker surface) they are refused.
 */
async function consentTo(found: ProtectedChanges, ask: PersonConsent | undefined, lang: Lang): Promise<Set<string> | ToolResult> {
  const files = [...found.relaxing, ...found.runtime];
  if (files.length === 0) return new Set();
  if (!ask) refuseProtected(found, lang);
  const t = recordText(lang);
  const answer = await ask!(t.askProtected(files));
  // Nobody could be asked here: the person's answer is still to come, need_input (exit 3 in the CLI, #25), nothing recorded.
  if (!answer.given && answer.unasked) {
    const [summary, list] = found.relaxing.length
      ? [t.relaxesGuard(found.relaxing), found.relaxing]
      : [t.touchesRuntime(found.runtime), found.runtime];
    return { ...needInput(summary, { files: list }), hint: t.personHint(answer.why) };
  }
  if (!answer.given) refuseProtected(found, lang, undefined, t.personHint(answer.why));
  return new Set(files);
}

function refuseProtected(found: ProtectedChanges, lang: Lang, note?: string, personHint?: string): void {
  const t = recordText(lang);
  if (found.relaxing.length > 0)
    throw new ButlerError('policy_blocked', t.relaxesGuard(found.relaxing), personHint ?? t.relaxesGuardHint, {
      files: found.relaxing,
      ...(note ? { note } : {}),
    });
  if (found.runtime.length > 0)
    throw new ButlerError('policy_blocked', t.touchesRuntime(found.runtime), personHint ?? t.touchesRuntimeHint, {
      files: found.runtime,
      ...(note ? { note } : {}),
    });
}
