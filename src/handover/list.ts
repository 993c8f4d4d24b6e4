import { ButlerError } from '../shared/errors.js';
import { HandoverStore } from './store.js';
import { isRetired } from './candidates.js';
import { isOwn, originData } from './origin.js';
import { ok, type ToolResult } from '../shared/result.js';
import { listBrains } from '../shared/brains.js';
import { normalizeBrain } from '../shared/brains.js';
import { action, type HandoverContext } from './context.js';
import { listText } from './messages/list.js';
import { receive } from './share-ops.js';

export interface ListArgs {
  issue_id?: number;
  client?: string;
  source_brain?: string;
  target_brain?: string;
  created_from?: string;
  created_to?: string;
  limit?: number;
}

/**
 * handover_list: searches index.json only (never the snapshot bodies), across the whole current
 * project unless an issue is given. The default issue does not narrow it: history is for finding.
 */
export async function listHandovers(ctx: HandoverContext, args: ListArgs): Promise<ToolResult> {
  const source = args.source_brain ?? args.client;
  const src = source ? normalizeBrain(source, 'unknown') : null;
  const tgt = args.target_brain ? normalizeBrain(args.target_brain, 'any') : null;
  const from = args.created_from ? Date.parse(args.created_from) : null;
  const to = args.created_to ? Date.parse(args.created_to) : null;
  const limit = args.limit ?? 20;
  const remote = await receive(ctx);
  const matched = (await ctx.store.entries()).filter((e) => {
    if (args.issue_id !== undefined && e.issue_id !== args.issue_id) return false;
    if (src && e.source_brain !== src) return false;
    if (tgt && e.target_brain !== tgt) return false;
    if (from !== null || to !== null) {
      const t = Date.parse(e.created_at);
      if ((from !== null && t < from) || (to !== null && t > to)) return false;
    }
    return true;
  });
  const handovers = matched.slice(0, limit).map((e) => ({
    handover_id: e.handover_id,
    snapshot_file: e.snapshot_file,
    issue_id: e.issue_id,
    issue_title: e.issue_title,
    source_brain: e.source_brain,
    target_brain: e.target_brain,
    created_at: e.created_at,
    is_latest: e.is_latest,
    summary: e.summary,
    ...(e.seq ? { seq: e.seq } : {}),
    ...(isOwn(e) ? {} : originData(e)),
    // Receipts (accepted, retired) and supersede: why a snapshot is no longer offered.
    ...(e.receipts?.length ? { receipts: e.receipts } : {}),
    ...(e.superseded_by ? { superseded_by: e.superseded_by } : {}),
  }));
  const first = handovers[0];
  // The one to read next is never a snapshot a person retired (#25: the list proposed the one just retired).
  const pick = matched.slice(0, limit).find((e) => !isRetired(e));
  // A person's list of an issue that does not exist points to the issues, not to a snapshot of it (#25).
  const missing = !first && args.issue_id !== undefined && ctx.audience === 'person' && (await issueMissing(ctx, args.issue_id));
  // A person's filters that matched nothing: said, and the list without them offered, not a new snapshot (walk-through 10).
  const scope = args.issue_id === undefined ? {} : { issue_id: args.issue_id };
  const filtered = !first && !missing && ctx.audience === 'person' && (src || tgt || from !== null || to !== null);
  if (filtered) {
    const t = listText(ctx.lang, 'person');
    return ok(t.noneFiltered, {
      count: 0,
      handovers,
      ...remote,
      suggested_action: action('handover_list', scope, t.withoutFilters),
    });
  }
  // A person with no snapshot at all is told so, not shown an empty history (#25 walk-through 14).
  const empty = !first && !missing && ctx.audience === 'person';
  return ok(empty ? listText(ctx.lang, 'person').noneYet : listText(ctx.lang, ctx.audience).history, {
    count: matched.length,
    handovers,
    ...(matched.length > handovers.length ? { truncated: true } : {}),
    ...remote,
    ...(pick
      ? { suggested_action: action('handover_read', { handover_id: pick.handover_id }, listText(ctx.lang, ctx.audience).readPicked) }
      : first
        ? {}
        : { suggested_action: none(ctx, args.issue_id, missing) }),
  });
}

/** The step when nothing matched: the issues when the issue does not exist, else a first snapshot. */
function none(ctx: HandoverContext, issueId: number | undefined, missing: boolean) {
  const args = issueId === undefined ? {} : { issue_id: issueId };
  // `missing` is a person's only (listHandovers).
  if (missing) return action('issue_list', {}, listText(ctx.lang, 'person').noIssue(issueId!));
  // A person saves one with suspend, the verb help names for it; an agent's step stays prepare.
  return ctx.audience === 'person'
    ? action('handover_suspend', args, listText(ctx.lang, ctx.audience).suspendFirst)
    : action('handover_prepare', args, listText(ctx.lang, ctx.audience).nothing);
}

/** True only when the tracker says the issue is not there (an unreachable tracker is not "missing"). */
async function issueMissing(ctx: HandoverContext, id: number): Promise<boolean> {
  return ctx.readIssue(id).then(
    () => false,
    (err) => err instanceof ButlerError && err.code === 'not_found',
  );
}

/** handover_list_brains: brains that started a work session here, or that install set up (last_seen null). */
export async function listKnownBrains(ctx: HandoverContext): Promise<ToolResult> {
  const brains = await listBrains(ctx.root);
  return ok(listText(ctx.lang, ctx.audience).brains, { brains });
}

/** The brains that left snapshots in this project, with how many: `claude-code (2)`; none when the index cannot be read. */
export async function snapshotBrains(root: string, issueId: number | null = null): Promise<string[]> {
  const entries = await new HandoverStore(root).entries().catch(() => []);
  const count = new Map<string, number>();
  // In an issue's scope (resume's own rule: --issue, else the default issue) only that issue's count.
  for (const e of entries) if (issueId === null || e.issue_id === issueId) count.set(e.source_brain, (count.get(e.source_brain) ?? 0) + 1);
  return [...count].map(([b, n]) => `${b} (${n})`);
}

/**
 * Every brain the project's snapshot history names, as author or as target (`any` is no brain): a filter of
 * `handover list` may name one that is no longer installed here (#25: Codex uninstalled, its transfer still listed).
 */
export async function historyBrains(root: string): Promise<string[]> {
  const entries = await new HandoverStore(root).entries().catch(() => []);
  return [...new Set(entries.flatMap((e) => [e.source_brain, e.target_brain]))].filter((b) => b && b !== 'any');
}
