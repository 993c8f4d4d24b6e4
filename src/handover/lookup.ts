import path from 'node:path';
import { ButlerError } from '../shared/errors.js';
import { needInput, ok, type ToolResult } from '../shared/result.js';
import { normalizeBrain } from './brains.js';
import { describeCandidate, selectCandidates } from './candidates.js';
import { action, msg, type HandoverContext } from './context.js';
import { computeDrift } from './drift.js';
import { anchorPaths, handoffPrompt } from './snapshot.js';
import { latestFileName, snapshotDamage, type IndexEntry } from './store.js';

export interface ReadArgs {
  issue_id?: number;
  handover_id?: string;
}

async function findById(ctx: HandoverContext, id: string): Promise<IndexEntry> {
  const entries = await ctx.store.entries();
  const hit = entries.find((e) => e.handover_id === id);
  if (hit) return hit;
  const latest = entries.filter((e) => e.is_latest).slice(0, 5).map(describeCandidate);
  throw new ButlerError(
    'not_found',
    msg(ctx.lang, `handover ${id} は見つかりません`, `No handover ${id}`),
    msg(ctx.lang, 'handover_list で履歴を確認してください', 'Call handover_list to see the history.'),
    latest.length ? { candidate_handovers: latest } : {},
  );
}

/** Loads one snapshot; a file that vanished under its index entry is reported, not thrown raw. */
async function load(ctx: HandoverContext, e: IndexEntry) {
  const snapshot = await ctx.store.readSnapshot(e);
  if (snapshot === null) {
    throw new ButlerError('not_found', msg(ctx.lang, 'snapshot ファイルがありません', 'The snapshot file is missing'), 'Call handover_list.', {
      handover_id: e.handover_id,
      snapshot_file: e.snapshot_file,
    });
  }
  const damage = snapshotDamage(snapshot);
  if (damage) {
    throw new ButlerError(
      'backend_error',
      msg(ctx.lang, `snapshot ${e.handover_id} は壊れています`, `Snapshot ${e.handover_id} is damaged`),
      msg(ctx.lang, `${e.snapshot_file} が空か途中で切れています。handover_list で別の snapshot を選ぶか、作り直してください`, `${e.snapshot_file} is empty or cut short. Pick another with handover_list, or prepare a new one.`),
      { handover_id: e.handover_id, snapshot_file: e.snapshot_file, damaged: true, missing_sections: damage },
    );
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
  };
}

/** handover_read: by id, else the issue's latest, else the project's latest. Never prepares one. */
export async function readHandover(ctx: HandoverContext, args: ReadArgs): Promise<ToolResult> {
  let entry: IndexEntry | undefined;
  const issueId = args.issue_id ?? null;
  if (args.handover_id) entry = await findById(ctx, args.handover_id);
  else entry = (await ctx.store.entries()).find((e) => e.is_latest && e.issue_id === issueId);
  if (!entry) {
    const scope = issueId === null ? 'project' : `issue #${issueId}`;
    return needInput(msg(ctx.lang, `${scope} の handover snapshot はまだ作成されていません`, `No handover snapshot for ${scope} yet`), {
      issue_id: issueId,
      handover_id: null,
      snapshot_file: null,
      required_action: action(
        'handover_prepare',
        issueId === null ? {} : { issue_id: issueId },
        msg(ctx.lang, '最新 handover が存在しないため、先に作成が必要です', 'There is no latest handover; create one first'),
      ),
    });
  }
  const data = await load(ctx, entry);
  return ok(msg(ctx.lang, 'handover snapshot を取得しました', 'Handover snapshot read'), {
    ...data,
    required_action: action('work_observe', {}, msg(ctx.lang, '現在の状態を確認します', 'Check the current state')),
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
  const explicit = args.client?.trim() ? normalizeBrain(args.client, 'unknown') : null;
  const me = explicit ?? ctx.sessionBrain;
  const identityHint =
    explicit && ctx.sessionBrain && explicit !== ctx.sessionBrain
      ? { identity_hint: `client=${explicit} differs from this connection's brain ${ctx.sessionBrain}` }
      : {};
  const issueId = args.issue_id ?? ctx.defaultIssue ?? null;
  let entry: IndexEntry;
  if (args.handover_id) {
    entry = await findById(ctx, args.handover_id);
  } else {
    const { candidates, tier } = selectCandidates(await ctx.store.entries(), {
      issueId,
      me,
      mode,
      source: args.source_brain ? normalizeBrain(args.source_brain, 'unknown') : null,
      createdFrom: args.created_from,
      createdTo: args.created_to,
    });
    const scopeArgs = issueId === null ? {} : { issue_id: issueId };
    if (candidates.length === 0) {
      const required =
        mode === 'accept'
          ? action('handover_transfer', { target_brain: me ?? 'any', ...scopeArgs }, msg(ctx.lang, '引き継ぎ元 Brain で実行してもらいます', 'The source brain must run this first'))
          : action('handover_prepare', scopeArgs, msg(ctx.lang, '再開できる snapshot がありません', 'There is no snapshot to resume'));
      return needInput(
        msg(ctx.lang, '対象の handover snapshot が見つかりません', 'No matching handover snapshot'),
        { issue_id: issueId, brain: me, candidate_handovers: [], required_action: required, ...identityHint },
      );
    }
    if (candidates.length > 1) {
      return needInput(
        msg(ctx.lang, `候補が ${candidates.length} 件あります。ユーザーに選んでもらってください`, `${candidates.length} candidates: let the user choose`),
        {
          issue_id: issueId,
          brain: me,
          matched: tier,
          candidate_handovers: candidates.map(describeCandidate),
          suggested_action: {
            tool: mode === 'accept' ? 'handover_accept' : 'handover_resume',
            args: {},
            required_args: ['handover_id'],
            reason: msg(ctx.lang, 'ユーザーが選んだ handover_id で呼びます', 'Call with the handover_id the user picks'),
          },
          ...identityHint,
        },
      );
    }
    entry = candidates[0] as IndexEntry;
  }
  const data = await load(ctx, entry);
  const work = await ctx.observe().catch(() => null);
  const drift = await computeDrift(ctx.root, { branch: entry.branch, head: entry.head, anchors: anchorPaths(data.snapshot) }, ctx.git, undefined, ctx.lang).catch(() => null);
  const scopeIssue = entry.issue_id ?? issueId;
  return ok(
    msg(ctx.lang, `handover ${entry.handover_id} を読みました${drift?.line ? `。${drift.line}` : ''}`, `Read handover ${entry.handover_id}${drift?.line ? `. ${drift.line}` : ''}`),
    {
      ...data,
      drift,
      work_state: work,
      ...identityHint,
      required_action:
        scopeIssue !== null
          ? action('work_start', { issue_id: scopeIssue }, msg(ctx.lang, 'この issue を既定にして再開します', 'Make this issue the default and resume'))
          : action('work_observe', {}, msg(ctx.lang, '現在の状態を確認します', 'Check the current state')),
    },
  );
}
