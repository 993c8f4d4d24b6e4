import { isOwn } from './origin.js';
import path from 'node:path';
import { needInput, ok, type ToolResult } from '../shared/result.js';
import { listBrains, normalizeBrain, resolveBrain } from '../shared/brains.js';
import { isRetired, previousFromSameLog } from './candidates.js';
import { carryForward, openItemsOf } from './carry.js';
import { action, ensureGitignored, type HandoverContext } from './context.js';
import { fingerprint, readGitNow } from './drift.js';
import { prepareText } from './messages/prepare.js';
import { parseNotes } from './notes.js';
import { handoffPrompt, renderSnapshot } from './snapshot.js';
import { shareNew } from './share-ops.js';
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
  const explicit = args.client?.trim() ? args.client : null;
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
      return needInput(prepareText(ctx.lang).unknownTarget(target, ids), {
        target_brain: target,
        brains: known,
        suggested_action: {
          tool: `handover_${kind}`,
          args: { ...scopeArgs },
          required_args: ['target_brain'],
          reason: prepareText(ctx.lang).knownTarget,
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
  const gitNow = await readGitNow(ctx.root, ctx.git).catch(() => null);
  const human = await gitIdentity(ctx).catch(() => ({ name: null, email: null }));
  const dirty = gitNow?.dirty_files.length ? JSON.stringify(await fingerprint(ctx.root, gitNow.dirty_files)) : null;
  const notes = parseNotes(args.notes === undefined ? undefined : ctx.redact(args.notes));
  const createdAt = new Date(Math.floor(ctx.now().getTime() / 1000) * 1000);

  const { entry, markdown, latestFile } = await ctx.store.append({ issueId, createdAt, brain: source }, async (handoverId, prior) => {
    // The parent is the newest snapshot of the scope a person has not retired; its open items carry.
    // Only a snapshot written here: items from elsewhere come forward only when restated (issue #23).
    const parent = prior.find((e) => !isRetired(e) && isOwn(e)) ?? null;
    const parentText = parent ? await ctx.store.readSnapshot(parent) : null;
    return renderSnapshot({
      meta: {
        project: path.basename(ctx.root),
        issue_id: issueId,
        issue_title: issue?.title ?? null,
        source_brain: source,
        user_name: human.name === null ? null : ctx.redact(human.name),
        user_email: human.email === null ? null : ctx.redact(human.email),
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
        parent: parent?.handover_id ?? null,
        seq: prior.length + 1,
        issue_state: issue?.state ?? null,
        dirty,
      },
      issue: issue ? { ...issue, body: ctx.redact(issue.body) } : null,
      issueError,
      work,
      notes,
      session,
      carried: carryForward(parentText ? openItemsOf(parentText, ctx.root) : null, notes),
    });
  });

  // required_action is only ever for this agent, now; what a later session or the target does has its own field.
  const later =
    kind === 'transfer'
      ? { for_target: action('handover_accept', { handover_id: entry.handover_id }, prepareText(ctx.lang).forTarget(target)) }
      : kind === 'suspend'
        ? { next_session: action('handover_resume', scopeArgs, prepareText(ctx.lang).nextSession) }
        : { required_action: action('handover_read', scopeArgs, prepareText(ctx.lang).readBack) };
  // Private is the default; a shared snapshot is published now, and a failure leaves it local.
  const share = kind !== 'prepare' && (args.share ?? ctx.shareByDefault);
  const shared = share ? await shareNew(ctx, entry, markdown, kind) : {};
  // A handover is always saved; an issue it cannot read (say, one that does not exist) is said, not hidden.
  const issueNote = issueError ? prepareText(ctx.lang).issueUnread(issueId, issueError) : '';
  return ok(prepareText(ctx.lang).created + issueNote, {
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
    ...shared,
    ...later,
  });
}
