import path from 'node:path';
import { ButlerError } from '../shared/errors.js';
import { needInput, ok, type ToolResult } from '../shared/result.js';
import { normalizeBrain } from '../shared/brains.js';
import { acceptedBy, describeCandidate, selectCandidates, takerOf, type CandidateQuery } from './candidates.js';
import { action, type HandoverContext } from './context.js';
import { lookupText } from './messages/lookup.js';
import { closedAmong } from './closed-issues.js';
import { computeDrift } from './drift.js';
import { explicitBrain, unknownClient } from './prepare.js';
import { isOwn, originData } from './origin.js';
import { knownClone, receiptClone, receive, shareReceipt } from './share-ops.js';
import { readSharedBlob } from './share-git.js';
import { anchorPaths, dirtyAtSnapshot, handoffPrompt, parseMetadata } from './snapshot.js';
import { latestFileName, snapshotDamage, type IndexEntry } from './store.js';

/** This module's catalog in the connection's language, for its audience (an agent, or a person at the CLI). */
const words = (ctx: HandoverContext) => lookupText(ctx.lang, ctx.audience);

export interface ReadArgs {
  issue_id?: number;
  handover_id?: string;
}

async function findById(ctx: HandoverContext, id: string): Promise<IndexEntry> {
  const entries = await ctx.store.entries();
  const hit = entries.find((e) => e.handover_id === id);
  if (hit) return hit;
  const latest = entries
    .filter((e) => e.is_latest)
    .slice(0, 5)
    .map(describeCandidate);
  throw new ButlerError(
    'not_found',
    words(ctx).noHandover(id),
    words(ctx).noHandoverHint,
    latest.length ? { candidate_handovers: latest } : {},
  );
}

/** Loads one snapshot; a file that vanished under its index entry is reported, not thrown raw. */
async function load(ctx: HandoverContext, e: IndexEntry) {
  // A shared snapshot is a blob on the fetched ref until it is accepted (share.ts importFrom).
  const snapshot = (await ctx.store.readSnapshot(e)) ?? (e.blob ? await readSharedBlob({ git: ctx.git, root: ctx.root }, e.blob) : null);
  if (snapshot === null) {
    throw new ButlerError('not_found', words(ctx).fileMissing, words(ctx).fileMissingHint, {
      handover_id: e.handover_id,
      snapshot_file: e.snapshot_file,
    });
  }
  const damage = snapshotDamage(snapshot);
  if (damage) {
    throw new ButlerError('backend_error', words(ctx).damaged(e.handover_id), words(ctx).damagedHint(e.snapshot_file), {
      handover_id: e.handover_id,
      snapshot_file: e.snapshot_file,
      damaged: true,
      missing_sections: damage,
    });
  }
  return {
    handover_id: e.handover_id,
    snapshot_file: e.snapshot_file,
    latest_file: e.is_latest ? ctx.store.rel(path.join(ctx.store.dir, latestFileName(e.issue_id))) : null,
    snapshot,
    handoff_prompt: handoffPrompt(snapshot),
    issue_id: e.issue_id,
    issue_title: e.issue_title,
    source_brain: e.source_brain,
    target_brain: e.target_brain,
    created_at: e.created_at,
    parent: e.parent ?? null,
    seq: e.seq ?? null,
    ...(e.receipts?.length ? { receipts: e.receipts } : {}),
    ...(e.superseded_by ? { superseded_by: e.superseded_by } : {}),
    // Not written here: the text is another clone's or a committed file's words, quoted as data (issue #23).
    ...(isOwn(e) ? {} : { ...originData(e), not_written_here: words(ctx).foreign }),
  };
}

/**
 * handover_read: by id, else the issue's latest (the session's default issue when none is given, as
 * suspend and resume use it), else the project's latest. Never prepares one.
 */
export async function readHandover(ctx: HandoverContext, args: ReadArgs): Promise<ToolResult> {
  let entry: IndexEntry | undefined;
  const issueId = args.issue_id ?? ctx.defaultIssue ?? null;
  if (args.handover_id) entry = await findById(ctx, args.handover_id);
  else {
    const latest = (await ctx.store.entries()).filter((e) => e.is_latest);
    entry =
      latest.find((e) => e.issue_id === issueId) ?? (args.issue_id === undefined ? latest.find((e) => e.issue_id === null) : undefined);
  }
  if (!entry) {
    const scope = issueId === null ? 'project' : `issue #${issueId}`;
    return needInput(words(ctx).noneYet(scope), {
      issue_id: issueId,
      handover_id: null,
      snapshot_file: null,
      required_action: action(words(ctx).createWith, issueId === null ? {} : { issue_id: issueId }, words(ctx).createFirst),
    });
  }
  const data = await load(ctx, entry);
  return ok(words(ctx).read, {
    ...data,
    required_action: action('work_observe', {}, words(ctx).observe),
  });
}

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
        scopeArgs,
        identityHint: { ...identityHint, ...remote },
        taken: sel.taken,
        closed: sel.closed,
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
        .then((e) => (e ? acceptedBy(e) : null))
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
    scopeArgs: Record<string, unknown>;
    identityHint: object;
    taken: IndexEntry[];
    closed: IndexEntry[];
  },
): ToolResult {
  const taken = o.taken[0];
  const took = taken ? acceptedBy(taken) : null;
  const closedIds = [...new Set(o.closed.map((e) => e.issue_id))];
  const why =
    taken && took
      ? words(ctx).taken(taken.handover_id, took.by, took.at)
      : closedIds.length
        ? words(ctx).closed(closedIds)
        : words(ctx).noMatch;
  return needInput(`${why}${words(ctx).askUser}`, {
    issue_id: o.issueId,
    brain: o.me,
    candidate_handovers: [],
    ...(taken && took
      ? { taken: o.taken.map((e) => ({ handover_id: e.handover_id, accepted_by: acceptedBy(e)?.by, accepted_at: acceptedBy(e)?.at })) }
      : {}),
    ...(closedIds.length ? { closed_issues: closedIds } : {}),
    suggested_action: action('handover_list', o.scopeArgs, words(ctx).history),
    ...(mode === 'accept' && !taken && !closedIds.length
      ? { for_source: action('handover_transfer', { target_brain: o.me ?? 'any', ...o.scopeArgs }, words(ctx).sourceFirst) }
      : {}),
    ...o.identityHint,
  });
}

/** A work state without its own next step: the answer it is part of names one. */
function withoutNextStep<T extends object>(state: T): Omit<T, 'required_action'> {
  const { required_action: _dropped, ...rest } = state as T & { required_action?: unknown };
  return rest;
}
