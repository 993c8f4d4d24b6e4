// handover_resume and handover_accept: taking work over (split from lookup.ts, which reads one snapshot).
import { ButlerError } from '../shared/errors.js';
import { needInput, ok, type ToolResult } from '../shared/result.js';
import { normalizeBrain } from '../shared/brains.js';
import { acceptedBy, describeCandidate, isRetired, selectCandidates, takerOf, type CandidateQuery } from './candidates.js';
import { action, type HandoverContext } from './context.js';
import { closedAmong } from './closed-issues.js';
import { computeDrift } from './drift.js';
import { explicitBrain, unknownClient } from './prepare.js';
import { isOwn, originData } from './origin.js';
import { knownClone, receiptClone, receive, shareReceipt } from './share-ops.js';
import { anchorPaths, dirtyAtSnapshot, parseMetadata } from './snapshot.js';
import { type IndexEntry } from './store.js';
import { findById, load, noneYet, words } from './lookup.js';
import { lookupText } from './messages/lookup.js';

export interface LifecycleArgs {
  issue_id?: number;
  handover_id?: string;
  client?: string;
  source_brain?: string;
  created_from?: string;
  created_to?: string;
}

/** handover_resume and handover_accept: find, read at most one, and report the state now. */
export async function resumeOrAccept(ctx: HandoverContext, args: LifecycleArgs, mode: 'resume' | 'accept'): Promise<ToolResult> {
  const explicit = args.client?.trim() ? await explicitBrain(ctx, args.client) : null;
  if (args.client?.trim() && explicit === null) return unknownClient(ctx, args.client);
  const me = explicit ?? ctx.sessionBrain;
  const identityHint =
    explicit && ctx.sessionBrain && explicit !== ctx.sessionBrain
      ? { identity_hint: `client=${explicit} differs from this connection's brain ${ctx.sessionBrain}` }
      : {};
  const issueId = args.issue_id ?? ctx.defaultIssue ?? null;
  // Shared snapshots and receipts from other clones first (bounded; offline falls back to local).
  const remote = await receive(ctx);
  let clone = await knownClone(ctx);
  let entry: IndexEntry;
  if (args.handover_id) {
    entry = await findById(ctx, args.handover_id);
    if (mode === 'accept') refuseTaken(ctx, entry, takerOf(entry, clone), me);
    else if (!isOwn(entry) && takerOf(entry, clone) !== me)
      throw new ButlerError('invalid_argument', words(ctx).notOwn(entry.handover_id), words(ctx).notOwnHint, {
        handover_id: entry.handover_id,
        ...originData(entry),
      });
  } else {
    const entries = await ctx.store.entries();
    const query: CandidateQuery = {
      issueId,
      me,
      mode,
      source: args.source_brain ? normalizeBrain(args.source_brain, 'unknown') : null,
      createdFrom: args.created_from,
      createdTo: args.created_to,
      clone,
    };
    let sel = selectCandidates(entries, query);
    const closed = await closedAmong(ctx, sel.candidates);
    if (closed.size) sel = selectCandidates(entries, { ...query, closedIssues: closed });
    const { candidates, tier } = sel;
    const scopeArgs = issueId === null ? {} : { issue_id: issueId };
    if (candidates.length === 0)
      return nothingToTake(ctx, mode, {
        issueId,
        me,
        source: query.source ?? null,
        scopeArgs,
        identityHint: { ...identityHint, ...remote },
        taken: sel.taken,
        closed: sel.closed,
        entries,
      });
    if (candidates.length > 1) {
      return needInput(words(ctx).candidates(candidates.length), {
        issue_id: issueId,
        brain: me,
        matched: tier,
        candidate_handovers: candidates.map(describeCandidate),
        suggested_action: {
          tool: mode === 'accept' ? 'handover_accept' : 'handover_resume',
          args: {},
          required_args: ['handover_id'],
          reason: words(ctx).pickId,
        },
        ...identityHint,
        ...remote,
      });
    }
    entry = candidates[0] as IndexEntry;
  }
  const data = await load(ctx, entry);
  // Accepting a shared snapshot is when its text is first written here (as data: it stays `shared`).
  if (mode === 'accept' && entry.blob) await ctx.store.materialize(entry, data.snapshot).catch(() => undefined);
  // The receipt: this brain took the work over, so it is not handed to another one.
  const taking = mode === 'accept' && me && me !== 'unknown' && entry.source_brain !== me;
  if (taking) clone = (await receiptClone(ctx, entry)) ?? clone;
  const receipt = taking
    ? await ctx.store
        .addReceipt(entry.handover_id, { kind: 'accepted', by: me, at: ctx.now().toISOString(), ...(clone ? { clone } : {}) })
        .then((r) => (r ? acceptedBy(r.entry) : null))
    : null;
  // A shared snapshot: the receipt travels too, and a clone that accepted first keeps it.
  let receiptNote: string | undefined;
  if (receipt?.clone) {
    const held = await shareReceipt(ctx, entry, clone);
    receiptNote = held.note;
    if (held.taker !== me) {
      const fresh = (await ctx.store.entries()).find((e) => e.handover_id === entry.handover_id) ?? entry;
      refuseTaken(ctx, fresh, held.taker, me);
    }
  }
  // One next step per answer (field trial F: the work state's own required_action beside this one read
  // as two orders); the work tool named below gives the work's next step again.
  const observed = await ctx.observe().catch(() => null);
  const work = observed && typeof observed === 'object' ? withoutNextStep(observed) : observed;
  const then = {
    branch: entry.branch,
    head: entry.head,
    anchors: anchorPaths(data.snapshot),
    dirty: dirtyAtSnapshot(parseMetadata(data.snapshot)),
  };
  const drift = await computeDrift(ctx.root, then, ctx.git, undefined, ctx.lang).catch(() => null);
  const scopeIssue = entry.issue_id ?? issueId;
  return ok(words(ctx).readOne(entry.handover_id, drift?.line), {
    ...data,
    ...(receipt ? { accepted_by: receipt.by, accepted_at: receipt.at } : {}),
    ...(receiptNote ? { receipt_note: receiptNote } : {}),
    ...remote,
    drift,
    work_state: work,
    ...identityHint,
    required_action: drift?.head_unknown
      ? action('work_sync', {}, words(ctx).sync)
      : // Already this session's default issue: work_start would change nothing (walk-through 16).
        scopeIssue !== null && scopeIssue !== ctx.defaultIssue
        ? action('work_start', { issue_id: scopeIssue }, words(ctx).start)
        : action('work_observe', {}, words(ctx).observe),
  });
}

/** accept of a snapshot another brain (or the same brain on another clone) already took: refused. */
function refuseTaken(ctx: HandoverContext, entry: IndexEntry, taker: string | null, me: string | null): void {
  const took = acceptedBy(entry);
  if (!taker || !took || taker === me) return;
  throw new ButlerError('conflict', words(ctx).taken(entry.handover_id, taker, took.at), words(ctx).takenHint, {
    handover_id: entry.handover_id,
    accepted_by: taker,
    accepted_at: took.at,
  });
}

/**
 * Nothing to resume or accept: say why (taken by another brain, issue closed, or nothing here) and
 * how to find work. Nothing here is for this agent to run unasked: ask the user.
 */
function nothingToTake(
  ctx: HandoverContext,
  mode: 'resume' | 'accept',
  o: {
    issueId: number | null;
    me: string | null;
    /** The --source asked for: when it is the reader itself, no transfer to itself is proposed (#25). */
    source: string | null;
    scopeArgs: Record<string, unknown>;
    identityHint: object;
    taken: IndexEntry[];
    closed: IndexEntry[];
    entries: readonly IndexEntry[];
  },
): ToolResult {
  const taken = o.taken[0];
  const took = taken ? acceptedBy(taken) : null;
  const closedIds = [...new Set(o.closed.map((e) => e.issue_id))];
  // A person's only (handedOver): its words are in the person's catalog alone.
  const handed = !took && !closedIds.length ? handedOver(ctx, mode, o) : undefined;
  // A person resuming where the scope has no snapshot at all: what read says there (#25).
  const empty = o.issueId === null ? !o.entries.length : !o.entries.some((e) => e.issue_id === o.issueId);
  if (ctx.audience === 'person' && mode === 'resume' && !handed && empty) return noneYet(ctx, o.issueId);
  const w = words(ctx);
  const why =
    taken && took
      ? w.taken(taken.handover_id, took.by, took.at)
      : closedIds.length
        ? w.closed(closedIds)
        : handed
          ? lookupText(ctx.lang, 'person').transferred(
              o.issueId === null ? w.scopeProject : w.scopeIssue(o.issueId),
              handed.handover_id,
              handed.target_brain,
            )
          : w.noMatch;
  return needInput(`${why}${words(ctx).askUser}`, {
    issue_id: o.issueId,
    brain: o.me,
    candidate_handovers: [],
    ...(taken && took
      ? { taken: o.taken.map((e) => ({ handover_id: e.handover_id, accepted_by: acceptedBy(e)?.by, accepted_at: acceptedBy(e)?.at })) }
      : {}),
    ...(closedIds.length ? { closed_issues: closedIds } : {}),
    suggested_action: action('handover_list', o.scopeArgs, words(ctx).history),
    ...(mode === 'accept' && !taken && !closedIds.length && (o.source === null || o.source !== o.me)
      ? { for_source: action('handover_transfer', { target_brain: o.me ?? 'any', ...o.scopeArgs }, words(ctx).sourceFirst) }
      : {}),
    ...(handed
      ? {
          target_brain: handed.target_brain,
          for_target: action(
            'handover_accept',
            { handover_id: handed.handover_id },
            lookupText(ctx.lang, 'person').takeTransfer(handed.target_brain),
          ),
        }
      : {}),
    ...o.identityHint,
  });
}

/**
 * A person's resume that finds nothing because their own transfer replaced their suspend (candidates.ts,
 * markSuperseded): that transfer, so the answer names it and who takes it (#25). Agents' answers are unchanged.
 */
function handedOver(
  ctx: HandoverContext,
  mode: 'resume' | 'accept',
  o: { issueId: number | null; me: string | null; entries: readonly IndexEntry[] },
): IndexEntry | undefined {
  if (ctx.audience !== 'person' || mode !== 'resume' || !o.me) return undefined;
  const mine = o.entries.find((e) => (o.issueId === null || e.issue_id === o.issueId) && e.source_brain === o.me && !isRetired(e));
  return mine && mine.target_brain !== o.me && !acceptedBy(mine) ? mine : undefined;
}

/** A work state without its own next step: the answer it is part of names one. */
function withoutNextStep<T extends object>(state: T): Omit<T, 'required_action'> {
  const { required_action: _dropped, ...rest } = state as T & { required_action?: unknown };
  return rest;
}
