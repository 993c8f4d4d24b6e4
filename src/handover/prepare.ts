import { ButlerError } from '../shared/errors.js';
import { needInput, ok, type ToolResult } from '../shared/result.js';
import { brainForClient, listBrains, normalizeBrain, resolveBrain } from '../shared/brains.js';
import { assembleSnapshot } from './assemble.js';
import { previousFromSameLog } from './candidates.js';
import { action, type HandoverContext } from './context.js';
import { lookupText } from './messages/lookup.js';
import { prepareText } from './messages/prepare.js';
import { parseNotes } from './notes.js';
import { handoffPrompt } from './snapshot.js';
import { sectionBody } from './sections.js';
import { shareNew } from './share-ops.js';
import { shareText } from './messages/share.js';
import { gitIdentity } from './share-git.js';
import type { IndexEntry } from './store.js';

export interface PrepareArgs {
  issue_id?: number;
  session_log_path?: string;
  /** Explicit brain override ("option A": docs/decisions.md D12). */
  client?: string;
  target_brain?: string;
  notes?: string;
  /** Publish to the upstream remote (suspend, transfer); `.butler/config.yaml` handover.share is the default. */
  share?: boolean;
}

export type PrepareKind = 'prepare' | 'suspend' | 'transfer';

/**
 * handover_prepare / suspend / transfer: builds a snapshot from the issue, the work state, the
 * session log and notes — deterministically, inventing nothing — and appends it to the history.
 */
export async function prepareHandover(ctx: HandoverContext, args: PrepareArgs, kind: PrepareKind): Promise<ToolResult> {
  // An explicit client names a known brain (an alias or a registered id); it never creates one (issue 22).
  let explicit: string | null = null;
  if (args.client?.trim()) {
    explicit = await explicitBrain(ctx, args.client);
    if (explicit === null) return unknownClient(ctx, args.client);
  }
  const brain = explicit ?? ctx.sessionBrain;
  const source = normalizeBrain(brain, 'unknown');
  let target: string;
  if (kind === 'suspend') target = normalizeBrain(brain, 'any');
  else target = normalizeBrain(args.target_brain, 'any');
  const issueId = args.issue_id ?? ctx.defaultIssue ?? null;
  const scopeArgs = issueId === null ? {} : { issue_id: issueId };

  // A snapshot addressed to a brain nobody registered would wait forever: ask, and write nothing.
  if (target !== 'any' && kind !== 'suspend') {
    // An unreadable registry must not block the handover: the check is then skipped.
    const known = await listBrains(ctx.root).catch(() => null);
    const resolved = known ? resolveBrain(target, known) : target;
    if (known && resolved === null) {
      const ids = known.map((b) => b.brain_id);
      return needInput(prepareText(ctx.lang, ctx.audience).unknownTarget(target, ids), {
        target_brain: target,
        brains: known,
        suggested_action: {
          tool: `handover_${kind}`,
          args: { ...scopeArgs },
          required_args: ['target_brain'],
          reason: prepareText(ctx.lang, ctx.audience).knownTarget,
        },
      });
    }
    target = resolved ?? target;
  }

  // Validate and read the session log first: a bad path must fail before anything is written.
  const entries = await ctx.store.entries();
  const session = await ctx.sessionFacts({
    brain: source,
    sessionLogPath: args.session_log_path ?? null,
    previous: previousFromSameLog(entries, source),
  });
  let issue: { title: string; body: string; state: string } | null = null;
  let issueError: string | null = null;
  if (issueId !== null) {
    try {
      issue = await ctx.readIssue(issueId);
    } catch (err) {
      // A person asked for a snapshot of an issue the tracker says is not there (#25): refused, nothing written.
      // An agent's is kept with the reason in BLOCKERS (the completion tests, docs/decisions.md D33).
      if (ctx.audience === 'person' && err instanceof ButlerError && err.code === 'not_found') {
        const t = prepareText(ctx.lang, ctx.audience);
        throw new ButlerError('not_found', t.noSuchIssue(issueId), t.noSuchIssueHint, { issue_id: issueId });
      }
      issueError = (err instanceof Error ? err.message : String(err)).slice(0, 200);
    }
  }
  const human = await gitIdentity(ctx).catch(() => ({ name: null, email: null }));
  const { entry, markdown, latestFile, carried } = await assembleSnapshot({
    root: ctx.root,
    store: ctx.store,
    git: ctx.git,
    now: ctx.now,
    lang: ctx.lang,
    source,
    target,
    mode: 'core',
    issueId,
    issue: issue ? { ...issue, body: ctx.redact(issue.body) } : null,
    issueError,
    observe: ctx.observe,
    human: { name: human.name === null ? null : ctx.redact(human.name), email: human.email === null ? null : ctx.redact(human.email) },
    notes: parseNotes(args.notes === undefined ? undefined : ctx.redact(args.notes)),
    session,
  });

  // required_action is only ever for this agent, now; what a later session or the target does has its own field.
  // A closed issue's snapshot is never offered by resume or accept (lookup.ts): the successor's real step is the
  // next issue, which the user names (field trial, issue 22).
  const t = prepareText(ctx.lang, ctx.audience);
  const l = lookupText(ctx.lang, ctx.audience);
  const then = (reason: string, tool: string, args: Record<string, unknown>) =>
    issue?.state === 'closed'
      ? { ...action('issue_create', {}, `${reason}: ${l.closed([issueId])}${l.askUser}`), required_args: ['title'] }
      : action(tool, args, reason);
  const later =
    kind === 'transfer'
      ? { for_target: then(t.forTarget(target), 'handover_accept', { handover_id: entry.handover_id }) }
      : kind === 'suspend'
        ? { next_session: then(t.nextSession, 'handover_resume', scopeArgs) }
        : { required_action: action('handover_read', scopeArgs, t.readBack) };
  // Private is the default; a shared snapshot is published now, and a failure leaves it local.
  const share = kind !== 'prepare' && (args.share ?? ctx.shareByDefault);
  const shared = share ? await shareNew(ctx, entry, markdown, kind) : {};
  // Whether an earlier snapshot carried a decision a replaces:/withdrawn: line could have named.
  const carriedAny = carried.decisions.length + carried.replaced.length > 0 || carried.not_replaced.some((r) => r.matched > 1);
  const openItems = [...carried.pending, ...carried.risks];
  // A handover is always saved; an issue it cannot read (say, one that does not exist) is said, not hidden.
  const issueNote =
    (issueError ? prepareText(ctx.lang, ctx.audience).issueUnread(issueId, issueError) : '') +
    (carried.not_replaced.length ? prepareText(ctx.lang, ctx.audience).notReplaced(carried.not_replaced.length, carriedAny) : '') +
    (carried.not_resolved.length ? prepareText(ctx.lang, ctx.audience).notResolved(carried.not_resolved.length, openItems.length > 0) : '');
  const data = {
    handover_id: entry.handover_id,
    snapshot_file: entry.snapshot_file,
    latest_file: latestFile,
    handoff_prompt: handoffPrompt(markdown),
    mode: 'core',
    issue_id: issueId,
    source_brain: source,
    target_brain: target,
    created_at: entry.created_at,
    parent: entry.parent ?? null,
    seq: entry.seq ?? null,
    ...(issueError ? { issue_error: issueError } : {}),
    ...(carried.replaced.length ? { replaced: carried.replaced } : {}),
    // Never guessed (issue 22): the agent sees what it named and the decisions it can name exactly.
    ...(carried.not_replaced.length
      ? { not_replaced: carried.not_replaced, ...(carriedAny ? { decisions: snapshotDecisions(markdown) } : {}) }
      : {}),
    ...(carried.not_resolved.length ? { not_resolved: carried.not_resolved, ...(openItems.length ? { open_items: openItems } : {}) } : {}),
    ...shared,
    ...later,
  };
  // The first share from this clone waits for the person (share-consent.ts): the snapshot is saved and held.
  if (typeof shared.user_runs === 'string')
    return needInput(shareText(ctx.lang, ctx.audience).previewFirst(shared.user_runs) + issueNote, data);
  return ok(prepareText(ctx.lang, ctx.audience).created + issueNote, data);
}

/** The snapshot's DECISION items, as written. */
const snapshotDecisions = (markdown: string): string[] =>
  sectionBody(markdown, 'DECISION')
    .filter((l) => l.startsWith('- '))
    .map((l) => l.slice(2));

/** The brain an explicit `client` names (brains.ts brainForClient); null when it names none. */
export async function explicitBrain(ctx: HandoverContext, client: string): Promise<string | null> {
  const known = await listBrains(ctx.root).catch(() => []);
  return brainForClient(client, known);
}

/** need_input for a `client` that names no brain: nothing is written. */
export async function unknownClient(ctx: HandoverContext, client: string): Promise<ToolResult> {
  const known = await listBrains(ctx.root).catch(() => []);
  return needInput(
    prepareText(ctx.lang, ctx.audience).unknownClient(
      client,
      known.map((b) => b.brain_id),
    ),
    { client, brains: known },
  );
}
