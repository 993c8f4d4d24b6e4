import { normalizeBrain } from '../shared/brains.js';
import { selectCandidates, type CandidateQuery } from '../handover/candidates.js';
import { computeDrift } from '../handover/drift.js';
import { recordSession } from '../handover/sessions.js';
import { anchorPaths, dirtyAtSnapshot, parseMetadata } from '../handover/snapshot.js';
import { closedIssues, SESSION_START_LIMIT, shareStatus, startPromptMany, startPromptNone, startPromptOne, withNote } from '../handover/start-prompt.js';
import { HandoverStore, snapshotDamage, type IndexEntry } from '../handover/store.js';
import { readConfig, resolveLang } from '../shared/config.js';
import { spawnGitWith } from '../shared/git-spawn.js';
import { findProjectRoot } from '../shared/root.js';

export { SESSION_START_LIMIT };

interface SessionStartInput {
  session_id?: string;
  transcript_path?: string | null;
  cwd?: string;
  source?: string;
}


/**
 * SessionStart: returns the resume prompt to print ('' = print nothing). Picks the snapshot with the
 * same rules as handover_resume / handover_accept. Never throws: a session start must never break.
 */
export async function sessionStart(
  stdinText: string,
  opts: { brain: string | null; env: Record<string, string | undefined>; now?: () => Date },
): Promise<string> {
  try {
    const input = JSON.parse(stdinText) as SessionStartInput;
    if (!input || typeof input !== 'object' || typeof input.cwd !== 'string') return '';
    const root = findProjectRoot(input.cwd);
    if (!root) return '';
    const me = opts.brain ? normalizeBrain(opts.brain, 'unknown') : null;
    // Recorded concurrently with the lookup and the git call: the hook's start-up time is benchmarked.
    const recorded =
      me && typeof input.session_id === 'string'
        ? recordSession(root, {
            brain: me,
            session_id: input.session_id,
            transcript_path: typeof input.transcript_path === 'string' ? input.transcript_path : null,
            started_at: new Date().toISOString(),
            source: input.source,
          }).catch(() => undefined)
        : Promise.resolve();
    const out = await pickAndRender(root, me, input, opts.env, opts.now?.() ?? new Date());
    await recorded;
    return out;
  } catch {
    return '';
  }
}

/** Chooses the snapshot with the resume rules and renders what the agent should see. */
async function pickAndRender(root: string, me: string | null, input: SessionStartInput, env: Record<string, string | undefined>, now: Date): Promise<string> {
  const store = new HandoverStore(root);
  const entries = await store.entries();
  // The language from .butler/config.yaml (the one light reader), else `BUTLER_LANG`; a broken config counts as none.
  const { config } = await readConfig(root);
  const lang = resolveLang(config, env);
  // Sharing, from local state only: a session start never waits on the network.
  const share = shareStatus(root, config.handover?.share ?? false, now, lang);
  const query: CandidateQuery = { issueId: null, me, mode: 'resume', clone: share.clone };
  let sel = selectCandidates(entries, query);
  const closed = closedIssues(root, sel.candidates);
  if (closed.size) sel = selectCandidates(entries, { ...query, closedIssues: closed });
  const { candidates } = sel;
  if (candidates.length === 0) return withNote(startPromptNone(root, lang, sel.closed), share.note);
  if (candidates.length > 1) return withNote(startPromptMany(root, me, candidates, lang), share.note);
  const e = candidates[0] as IndexEntry;
  const snapshot = await store.readSnapshot(e);
  if (snapshot === null) return '';
  if (snapshotDamage(snapshot)) {
    return lang === 'ja'
      ? `Butler: handover ${e.handover_id} は壊れています（${e.snapshot_file}）。work_session_start(project_root="${root}") → handover_list で確認してください。\n`
      : `Butler: handover ${e.handover_id} is damaged (${e.snapshot_file}). Call work_session_start(project_root="${root}"), then handover_list.\n`;
  }
  const then = { branch: e.branch, head: e.head, anchors: anchorPaths(snapshot), dirty: dirtyAtSnapshot(parseMetadata(snapshot)) };
  const drift = await computeDrift(root, then, spawnGitWith(env), undefined, lang).catch(() => null);
  return startPromptOne(root, e, me, snapshot, drift?.line ?? '', input.source === 'compact', lang, share.note);
}
