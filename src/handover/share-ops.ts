import { takerOf } from './candidates.js';
import type { HandoverContext } from './context.js';
import { shareText } from './messages/share.js';
import {
  cloneId,
  importFrom,
  isShared,
  markCommented,
  notYetTold,
  readShareState,
  receiveShared,
  shareSnapshots,
  type ShareDeps,
} from './share.js';
import { fetchedCommit } from './share-git.js';
import { shareableSnapshot, sharedText, trackedFiles } from './share-content.js';
import { handoffPrompt } from './snapshot.js';
import type { IndexEntry } from './store.js';

/** The sharing side of the handover tools: what suspend, transfer, accept, resume and list add. */
export const shareDeps = (ctx: HandoverContext): ShareDeps => ({
  root: ctx.root,
  store: ctx.store,
  git: ctx.git,
  now: ctx.now,
  redact: ctx.redact,
  timeoutMs: ctx.shareTimeoutMs,
});

/** The person's verb that shows a held snapshot's shared text and allows sharing from this clone. */
export const previewCommand = (id: string) => `butler handover share-preview ${id}`;

/** Marks Butler's issue comments so they can be found: one per transfer. */
export const commentMarker = (id: string) => `<!-- butler:handover ${id} -->`;

/**
 * After a snapshot is written with share on: publish it (the local file stands whatever happens),
 * and for a transfer on a GitHub or Gitea issue, post its HANDOFF_PROMPT there once.
 */
export async function shareNew(ctx: HandoverContext, entry: IndexEntry, markdown: string, kind: string): Promise<Record<string, unknown>> {
  const out = await shareSnapshots(shareDeps(ctx), [entry.handover_id]);
  if (!out.shared && out.reason === 'not_allowed') {
    // The first share from this clone: the person sees exactly what would leave (share-consent.ts).
    const preview = sharedText(markdown, await trackedFiles(ctx.git, ctx.root), ctx.redact);
    // A person reads the command now: a later work publish does not say it again (#25).
    if (ctx.audience === 'person') await notYetTold(ctx.root, [entry.handover_id]);
    return { shared: false, share_preview: preview, user_runs: previewCommand(entry.handover_id) };
  }
  if (!out.shared) {
    const t = shareText(ctx.lang, ctx.audience);
    return {
      shared: false,
      share_error: t.notShared(t.reasons[out.reason]),
      // Raw git text, masked (a remote URL may carry a password): only in `diagnostic`.
      ...(out.detail ? { diagnostic: ctx.redact(out.detail).slice(0, 500) } : {}),
    };
  }
  const data: Record<string, unknown> = { shared: true, shared_ref: 'refs/butler/handover' };
  // postTransfer posts only for a transfer on an issue.
  if (kind === 'transfer') {
    const posted = await postTransfer(ctx, entry, markdown);
    if (posted) data.issue_comment = posted;
  }
  return data;
}

async function postTransfer(ctx: HandoverContext, entry: IndexEntry, markdown: string): Promise<string | null> {
  if (entry.issue_id === null || (await readShareState(ctx.root)).commented?.includes(entry.handover_id)) return null;
  // The same content rule as the shared snapshot: no failure output, no local paths (share-content.ts).
  const shared = shareableSnapshot(markdown, await trackedFiles(ctx.git, ctx.root));
  const body = ctx.redact(
    `${commentMarker(entry.handover_id)}\n**Butler handover** \`${entry.handover_id}\`: ${entry.source_brain} → ${entry.target_brain}\n\n${handoffPrompt(shared)}\n`,
  );
  try {
    if (!(await ctx.commentOnIssue(entry.issue_id, body))) return null;
    await markCommented(ctx.root, entry.handover_id);
    return 'posted';
  } catch (err) {
    return `not posted: ${(err instanceof Error ? err.message : String(err)).slice(0, 200)}`;
  }
}

/** Before accept, resume and list read the history: take in what other clones shared. */
export async function receive(ctx: HandoverContext): Promise<Record<string, unknown>> {
  const why = await receiveShared(shareDeps(ctx)).catch(() => 'git_error');
  if (!why) return {};
  const t = shareText(ctx.lang, ctx.audience);
  return { remote_note: t.notFetched(t.reasons[why as keyof typeof t.reasons] ?? t.reasons.git_error) };
}

/** This clone's id when it has one (no file is made for it here). */
export const knownClone = async (ctx: HandoverContext) => (await readShareState(ctx.root)).clone_id ?? null;

/**
 * The clone id a receipt carries: only for a snapshot that is (or is to be) on the remote, where the
 * same brain on another machine must be told apart. Local-only receipts stay as they were.
 */
export async function receiptClone(ctx: HandoverContext, entry: IndexEntry): Promise<string | null> {
  const shared =
    // Stryker disable next-line ArrowFunction: undefined is as false as false here
    (await isShared(shareDeps(ctx), entry).catch(() => false)) || !!(await readShareState(ctx.root)).pending?.includes(entry.handover_id);
  // Stryker disable next-line ArrowFunction: callers read the answer as "no id" either way (`?? null`, `?.clone`)
  return shared ? cloneId(ctx.root).catch(() => null) : null;
}

/**
 * After an accept of a shared snapshot: publish the receipt, take in the receipts others pushed
 * meanwhile, and say who holds it now (the earliest acceptance wins on every clone alike).
 */
export async function shareReceipt(
  ctx: HandoverContext,
  entry: IndexEntry,
  clone: string | null,
): Promise<{ taker: string | null; note?: string }> {
  const d = shareDeps(ctx);
  const out = await shareSnapshots(d, [entry.handover_id]);
  const tip = await fetchedCommit({ git: ctx.git, root: ctx.root, timeoutMs: 10_000 });
  // Stryker disable next-line ConditionalExpression: importFrom of no tip fails, and the failure is ignored
  if (tip) await importFrom(d, tip).catch(() => undefined);
  const now = (await ctx.store.entries()).find((e) => e.handover_id === entry.handover_id) ?? entry;
  return {
    taker: takerOf(now, clone),
    ...(out.shared || out.published?.includes(entry.handover_id) ? {} : { note: shareText(ctx.lang, ctx.audience).receiptPending }),
  };
}

export const hasPendingShares = async (root: string) => !!(await readShareState(root)).pending?.length;

/** work_publish: shares the snapshots (and receipts) whose earlier push failed. */
export async function retryPendingShares(ctx: HandoverContext): Promise<Record<string, unknown>> {
  const out = await shareSnapshots(shareDeps(ctx), []);
  if (out.shared) {
    // A transfer (addressed to another brain) that is shared only now is posted on its issue now.
    for (const e of (await ctx.store.entries()).filter((x) => out.published.includes(x.handover_id) && x.target_brain !== x.source_brain)) {
      const text = await ctx.store.readSnapshot(e);
      if (text !== null) await postTransfer(ctx, e, text);
    }
    return { handovers_shared: out.published };
  }
  const t = shareText(ctx.lang, ctx.audience);
  const pending = (await readShareState(ctx.root)).pending ?? [];
  // A person is told once, in their words, what waits for their OK and what to run (#25); not at every publish.
  if (ctx.audience === 'person' && out.reason === 'not_allowed') {
    const fresh = await notYetTold(ctx.root, pending);
    return {
      handovers_not_shared: pending,
      ...(fresh.length ? { share_error: shareText(ctx.lang, 'person').held(fresh.length, previewCommand('').trimEnd()) } : {}),
    };
  }
  return {
    handovers_not_shared: pending,
    share_error: t.reasons[out.reason],
    ...(out.reason === 'not_allowed' && pending[0] ? { user_runs: previewCommand(pending[0]) } : {}),
  };
}
