import path from 'node:path';
import { ok, type ToolResult } from '../shared/result.js';
import { listBrains, normalizeBrain } from './brains.js';
import { action, ensureGitignored, msg, type HandoverContext } from './context.js';
import { parseNotes } from './notes.js';
import { handoffPrompt, renderSnapshot } from './snapshot.js';
import type { IndexEntry } from './store.js';

export interface PrepareArgs {
  issue_id?: number;
  session_log_path?: string;
  /** Explicit brain override (seed 001 option A). */
  client?: string;
  target_brain?: string;
  notes?: string;
}

export type PrepareKind = 'prepare' | 'suspend' | 'transfer';

/** The newest snapshot of this brain that read the same session log: where the next read starts. */
function previousFromSameLog(entries: readonly IndexEntry[], brain: string): IndexEntry | null {
  return entries.find((e) => e.source_brain === brain && e.session_log) ?? null;
}

/**
 * handover_prepare / suspend / transfer: builds a snapshot from the issue, the work state, the
 * session log and notes — deterministically, inventing nothing — and appends it to the history.
 */
export async function prepareHandover(ctx: HandoverContext, args: PrepareArgs, kind: PrepareKind): Promise<ToolResult> {
  const explicit = args.client?.trim() ? args.client : null;
  const brain = explicit ?? ctx.sessionBrain;
  const source = normalizeBrain(brain, 'unknown');
  let target: string;
  if (kind === 'suspend') target = normalizeBrain(brain, 'any');
  else target = normalizeBrain(args.target_brain, 'any');
  const issueId = args.issue_id ?? ctx.defaultIssue ?? null;

  // Validate and read the session log first: a bad path must fail before anything is written.
  const entries = await ctx.store.entries();
  const session = await ctx.sessionFacts({
    brain: source,
    sessionLogPath: args.session_log_path ?? null,
    previous: previousFromSameLog(entries, source),
  });
  // Before observing, so the snapshot folder itself never shows up as a dirty file.
  await ensureGitignored(ctx.root);

  let issue: { title: string; body: string; state: string } | null = null;
  let issueError: string | null = null;
  if (issueId !== null) {
    try {
      issue = await ctx.readIssue(issueId);
    } catch (err) {
      issueError = (err instanceof Error ? err.message : String(err)).slice(0, 200);
    }
  }
  const work = await ctx.observe().catch(() => null);
  const notes = parseNotes(args.notes === undefined ? undefined : ctx.redact(args.notes));
  const createdAt = new Date(Math.floor(ctx.now().getTime() / 1000) * 1000);

  const { entry, markdown, latestFile } = await ctx.store.append({ issueId, createdAt, brain: source }, (handoverId) =>
    renderSnapshot({
      meta: {
        project: path.basename(ctx.root),
        issue_id: issueId,
        issue_title: issue?.title ?? null,
        source_brain: source,
        target_brain: target,
        mode: 'core',
        created_at: createdAt.toISOString().replace('.000Z', 'Z'),
        handover_id: handoverId,
        branch: work?.branch ?? null,
        head: work?.head ?? null,
        lang: ctx.lang,
        session_log: session?.log ?? null,
        session_line: session?.line ?? null,
        session_entry: session?.entry ?? null,
      },
      issue: issue ? { ...issue, body: ctx.redact(issue.body) } : null,
      issueError,
      work,
      notes,
      session,
    }),
  );

  // A transfer to an id no agent has used here would wait forever: say so (seed 001's registry).
  const known = kind === 'transfer' && target !== 'any' ? await listBrains(ctx.root).catch(() => null) : null;
  const unknownTarget = known !== null && !known.some((b) => b.brain_id === target);
  const scopeArgs = issueId === null ? {} : { issue_id: issueId };
  const next =
    kind === 'transfer'
      ? action('handover_accept', { source_brain: source, ...scopeArgs }, msg(ctx.lang, `${target} 側で実行します`, `Run by ${target} to take over`))
      : kind === 'suspend'
        ? action('handover_resume', scopeArgs, msg(ctx.lang, '次のセッションの最初に実行します', 'Run at the start of the next session'))
        : action('handover_read', scopeArgs, msg(ctx.lang, 'snapshot を読むときに使います', 'Reads this snapshot back'));
  const created = msg(ctx.lang, 'handover snapshot を作成しました', 'Handover snapshot created');
  const warning = unknownTarget
    ? msg(
        ctx.lang,
        `。ただし target_brain "${target}" はこの project で未登録です（登録済み: ${known?.map((b) => b.brain_id).join(', ') || 'なし'}）`,
        `, but target_brain "${target}" has not started a session here (known: ${known?.map((b) => b.brain_id).join(', ') || 'none'})`,
      )
    : '';
  return ok(
    `${created}${warning}`,
    {
      handover_id: entry.handover_id,
      snapshot_file: entry.snapshot_file,
      latest_file: latestFile,
      handoff_prompt: handoffPrompt(markdown),
      mode: 'core',
      issue_id: issueId,
      source_brain: source,
      target_brain: target,
      created_at: entry.created_at,
      ...(issueError ? { issue_error: issueError } : {}),
      ...(unknownTarget
        ? {
            target_known: false,
            suggested_action: action('handover_list_brains', {}, msg(ctx.lang, '正しい brain_id を確認して、必要なら transfer し直します', 'Check the right brain_id and transfer again if needed')),
          }
        : {}),
      required_action: next,
    },
  );
}
