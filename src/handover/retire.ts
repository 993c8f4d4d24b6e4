import { ButlerError } from '../shared/errors.js';
import { ok, type ToolResult } from '../shared/result.js';
import { normalizeBrain } from '../shared/brains.js';
import type { HandoverContext } from './context.js';
import { listText } from './messages/list.js';
import { isShared, shareSnapshots } from './share.js';
import { shareDeps } from './share-ops.js';

export interface RetireArgs {
  handover_id: string;
  reason?: string;
  client?: string;
}

/**
 * `butler handover retire ID`: a person takes a snapshot out of candidate selection. Recorded as a
 * receipt in the index; the snapshot file and the history stay as they are.
 */
export async function retireHandover(ctx: HandoverContext, args: RetireArgs): Promise<ToolResult> {
  const by = normalizeBrain(args.client ?? ctx.sessionBrain, 'person');
  const reason = args.reason?.trim() ? ctx.redact(args.reason.trim()).slice(0, 500) : undefined;
  const r = await ctx.store.addReceipt(args.handover_id, {
    kind: 'retired',
    by,
    at: ctx.now().toISOString(),
    ...(reason ? { reason } : {}),
  });
  // A person's verb only (`butler handover retire`; no MCP tool lists it): its words are a person's.
  const t = listText(ctx.lang, 'person');
  if (!r) throw new ButlerError('not_found', t.noHandover(args.handover_id), t.noHandoverHint);
  const { entry } = r;
  const receipts = entry.receipts ?? [];
  const data = { handover_id: entry.handover_id, snapshot_file: entry.snapshot_file, receipts };
  // Retired before: said so, and nothing is written or shared again (the first receipt stays the one).
  const before = receipts.find((x) => x.kind === 'retired');
  if (!r.added && before) return ok(t.alreadyRetired(entry.handover_id, before.by, before.at), { ...data, already_retired: true });
  // A shared snapshot is retired on every clone: the receipt goes to the remote too.
  const d = shareDeps(ctx);
  const shared = (await isShared(d, entry).catch(() => false)) ? { shared: (await shareSnapshots(d, [entry.handover_id])).shared } : {};
  return ok(t.retired(entry.handover_id), { ...data, ...shared });
}
