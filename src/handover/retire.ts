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
  const entry = await ctx.store.addReceipt(args.handover_id, {
    kind: 'retired',
    by,
    at: ctx.now().toISOString(),
    ...(reason ? { reason } : {}),
  });
  if (!entry) {
    throw new ButlerError(
      'not_found',
      listText(ctx.lang, ctx.audience).noHandover(args.handover_id),
      listText(ctx.lang, ctx.audience).noHandoverHint,
    );
  }
  // A shared snapshot is retired on every clone: the receipt goes to the remote too.
  const d = shareDeps(ctx);
  const shared = (await isShared(d, entry).catch(() => false)) ? { shared: (await shareSnapshots(d, [entry.handover_id])).shared } : {};
  return ok(listText(ctx.lang, ctx.audience).retired(entry.handover_id), {
    handover_id: entry.handover_id,
    snapshot_file: entry.snapshot_file,
    receipts: entry.receipts ?? [],
    ...shared,
  });
}
