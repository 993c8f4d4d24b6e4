import path from 'node:path';
import { ButlerError } from '../shared/errors.js';
import { needInput, ok, type ToolResult } from '../shared/result.js';
import { describeCandidate } from './candidates.js';
import { action, type HandoverContext } from './context.js';
import { lookupText } from './messages/lookup.js';
import { isOwn, originData } from './origin.js';
import { readSharedBlob } from './share-git.js';
import { handoffPrompt } from './snapshot.js';
import { latestFileName } from './store-names.js';
import { snapshotDamage } from './damage.js';
import type { IndexEntry } from './store.js';

/** This module's catalog in the connection's language, for its audience (an agent, or a person at the CLI). */
export const words = (ctx: HandoverContext) => lookupText(ctx.lang, ctx.audience);

export interface ReadArgs {
  issue_id?: number;
  handover_id?: string;
}

export async function findById(ctx: HandoverContext, id: string): Promise<IndexEntry> {
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
export async function load(ctx: HandoverContext, e: IndexEntry) {
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
  let latest: IndexEntry[] = [];
  if (args.handover_id) entry = await findById(ctx, args.handover_id);
  else {
    latest = (await ctx.store.entries()).filter((e) => e.is_latest);
    entry =
      latest.find((e) => e.issue_id === issueId) ?? (args.issue_id === undefined ? latest.find((e) => e.issue_id === null) : undefined);
  }
  // A person with no default issue and no project snapshot, while issues have theirs: those, not "suspend" (#25).
  // Newest first (the index's order): the step reads the newest; the sentence names them in order.
  const issues = ctx.audience === 'person' && issueId === null ? [...new Set(latest.map((e) => e.issue_id))].filter((i) => i !== null) : [];
  if (!entry && issues.length) {
    // `issues` is a person's only (above): so are these words.
    const p = lookupText(ctx.lang, 'person');
    return needInput(p.issuesOnly([...issues].sort((a, b) => a - b)), {
      issue_id: null,
      handover_id: null,
      snapshot_file: null,
      issue_ids: issues,
      required_action: action('handover_list', {}, words(ctx).history),
      suggested_action: action('handover_read', { issue_id: issues[0] }, p.readIssue(issues[0]!)),
    });
  }
  if (!entry) return noneYet(ctx, issueId);
  const data = await load(ctx, entry);
  return ok(words(ctx).read, {
    ...data,
    ...(ctx.audience === 'person' && entry.superseded_by ? { current_id: await currentOf(ctx, entry) } : {}),
    required_action: action('work_observe', {}, words(ctx).observe),
  });
}

/**
 * No snapshot in the scope yet: create the first. One rule for a person's read and resume (take.ts), so
 * resume no longer sends them to a list that shows nothing (#25).
 */
export function noneYet(ctx: HandoverContext, issueId: number | null): ToolResult {
  return needInput(words(ctx).noneYet(issueId), {
    issue_id: issueId,
    handover_id: null,
    snapshot_file: null,
    required_action: action(words(ctx).createWith, issueId === null ? {} : { issue_id: issueId }, words(ctx).createFirst),
    // A person with no default issue may have snapshots of issues (walk-through 8): the list shows them.
    ...(ctx.audience === 'person' ? { suggested_action: action('handover_list', {}, words(ctx).history) } : {}),
  });
}

/**
 * The snapshot a person is pointed at instead of a replaced one: the scope's latest, the top of `handover list`
 * for that scope (store-rows.ts markLatest), not only the one that replaced it directly: after suspend, a transfer
 * another brain accepted, and a later suspend, that is the later suspend (#25 walk-through 16).
 */
async function currentOf(ctx: HandoverContext, e: IndexEntry): Promise<string> {
  const latest = (await ctx.store.entries()).find((x) => x.is_latest && x.issue_id === e.issue_id);
  return latest && latest.handover_id !== e.handover_id ? latest.handover_id : (e.superseded_by as string);
}
