// The SessionStart use case (issue #24 item 5): which snapshot a starting session is offered, and the
// prompt that says so. The hook (src/hooks/session-start.ts) only reads the client's input and prints this.
import path from 'node:path';
import { neutralize } from '../shared/neutralize.js';
import { normalizeBrain } from '../shared/brains.js';
import { newerAuto } from './candidates.js';
import { startDrift } from './drift.js';
import { recoverEndedSession, type RecoverQuery } from './recover.js';
import { recordSession } from './sessions.js';
import { anchorPaths, dirtyAtSnapshot, parseMetadata } from './snapshot.js';
import {
  newerAutoLine,
  recoveredLine,
  SESSION_START_LIMIT,
  shareNote,
  shareState,
  startPromptMany,
  startPromptNone,
  startPromptOne,
  foreignLine,
  withNote,
} from './start-prompt.js';
import { snapshotDamage } from './damage.js';
import { HandoverStore, type IndexEntry } from './store.js';
import { startText } from './messages/start.js';
import { startEntriesNow } from './start-index.js';
import { foreignCandidates, startCandidates } from './waiting.js';
import { markOrigin } from './origin.js';
import { readConfig, resolveLang } from '../shared/config.js';
import { spawnGitWith } from '../shared/git-spawn.js';
import { findProjectRoot } from '../shared/root.js';
import { trackedLogs } from '../shared/tracked-logs.js';
import { linkFree } from '../shared/no-links.js';
import { guardFromText } from '../guard/index.js';
import { memoKeys, writeStartMemo, type MemoDeps } from './start-memo.js';

export { SESSION_START_LIMIT };

/** What a client's SessionStart input carries that the start reads. */
export interface StartInput {
  session_id?: string;
  transcript_path?: string | null;
  cwd?: string;
  source?: string;
  cursor_version?: unknown;
}

/**
 * The SessionStart use case: the resume prompt to print ('' = print nothing). Picks the snapshot with the
 * same rules as handover_resume / handover_accept. Never throws: a session start must never break.
 *
 * Its start-up time is benchmarked (scripts/bench/handover.mjs), so the common start is ordered for
 * it: the prompt is picked from synchronous reads, and drift reads branch and HEAD from the `.git` files
 * (git runs only when HEAD moved); recording the session and checking for one to recover overlap it.
 */
export async function startAnswer(
  input: StartInput,
  opts: {
    brain: string | null;
    env: Record<string, string | undefined>;
    now?: () => Date;
    recoverIdleMs?: number;
    /** Writes the recovered snapshot (auto.writeAutoSnapshot); without it, nothing is recovered. */
    writeAuto?: RecoverQuery['write'];
  },
): Promise<string> {
  try {
    if (!input || typeof input !== 'object' || typeof input.cwd !== 'string') return '';
    // Cursor running Claude Code's hooks: its session is not Claude's brain; the prompt is not printed.
    if (typeof input.cursor_version === 'string') return '';
    const root = findProjectRoot(input.cwd);
    if (!root) return '';
    const me = opts.brain ? normalizeBrain(opts.brain, 'unknown') : null;
    const now = opts.now ?? (() => new Date());
    const sessionId = me && typeof input.session_id === 'string' ? input.session_id : null;
    const transcriptPath = typeof input.transcript_path === 'string' ? input.transcript_path : null;
    // The start memo (start-memo.ts, docs/decisions.md D40): only for a start whose cwd is the project.
    const keys = me && sessionId && root === input.cwd ? memoKeys(root, me) : null;
    const deps: MemoDeps = { snapshotFile: null, snapshotText: null, anchors: [], issueIds: [], fetchedAt: NaN, memo: !!keys };
    const first = pickAndRender(root, me, input, opts.env, now(), null, deps).catch(() => '');
    const recorded = sessionId
      ? recordSession(root, {
          brain: me!,
          session_id: sessionId,
          transcript_path: transcriptPath,
          started_at: new Date().toISOString(),
          source: input.source,
        }).catch(() => undefined)
      : Promise.resolve();
    // Bounded, so a huge transcript cannot cost the prompt.
    const recovering =
      sessionId && opts.writeAuto
        ? recoverEndedSession({
            root,
            brain: me!,
            sessionId,
            transcriptPath,
            env: opts.env,
            git: spawnGitWith(opts.env),
            now,
            idleMs: opts.recoverIdleMs,
            write: opts.writeAuto,
          }).catch(() => null)
        : Promise.resolve(null);
    let settled = false;
    void recovering.then(() => (settled = true));
    const recovered = await Promise.race([recovering, new Promise<null>((r) => setTimeout(() => r(null), RECOVER_BUDGET_MS).unref())]);
    // Rare: a session was recovered. The prompt is picked again with its snapshot in the index, and names it.
    const out = recovered ? await pickAndRender(root, me, input, opts.env, now(), recovered, deps) : await first;
    await recorded;
    // Snapshot text may come from a transcript or another clone: no terminal controls, no fake framing (issue #23).
    const text = neutralize(out);
    // Not after a recovery (this answer names it; the next would not) nor while it still runs.
    if (keys) {
      const ok = deps.memo && settled && !recovered;
      writeStartMemo({ ok, root, brain: me!, compact: input.source === 'compact', langEnv: opts.env.BUTLER_LANG, text, deps, keys });
    }
    return text;
  } catch {
    return '';
  }
}

/**
 * After a SessionEnd hook marked its session checked (checkpoint.ts, docs/decisions.md D43): the start
 * memo the next start of this brain will use, made as that start would make it (the ended session has
 * nothing left to recover), so that start is the shell's. Best effort, never throws.
 */
export async function primeStartMemo(root: string, brain: string, env: Record<string, string | undefined>, now: () => Date): Promise<void> {
  try {
    const keys = memoKeys(root, brain);
    if (!keys) return;
    const deps: MemoDeps = { snapshotFile: null, snapshotText: null, anchors: [], issueIds: [], fetchedAt: NaN, memo: true };
    const text = neutralize(await pickAndRender(root, brain, { cwd: root, source: 'startup' }, env, now(), null, deps));
    writeStartMemo({ ok: deps.memo, root, brain, compact: false, langEnv: env.BUTLER_LANG, text, deps, keys });
  } catch {
    // the next start is Node's, as before
  }
}

/**
 * Is the guard applied here mode off? Only then does SessionStart not say "instead of git". The work
 * tree's file alone may not relax the guard (src/guard/config.ts), so the committed one is read too,
 * and only when the work tree says off (the usual start spawns nothing).
 */
async function guardOff(root: string, config: { guard?: { mode?: string } }, env: Record<string, string | undefined>): Promise<boolean> {
  if (config.guard?.mode !== 'off') return false;
  const { spawnGitWith } = await import('../shared/git-spawn.js');
  const { GIT_DIR: _dir, GIT_WORK_TREE: _tree, ...clean } = env;
  const r = await spawnGitWith(clean)(root, ['cat-file', '-p', 'HEAD:.butler/config.yaml'], { timeoutMs: 1_000 });
  return r.exitCode === 0 && guardFromText(r.stdout).mode === 'off';
}

/** Recovery gets this long; the prompt follows either way, well inside the hook's 3 s deadline. */
const RECOVER_BUDGET_MS = 2000;

/** Chooses the snapshot with the resume rules and renders what the agent should see; names what was recovered. */
async function pickAndRender(
  root: string,
  me: string | null,
  input: StartInput,
  env: Record<string, string | undefined>,
  now: Date,
  recovered: IndexEntry | null,
  deps: MemoDeps,
): Promise<string> {
  const store = new HandoverStore(root);
  // The brain's extract of the index when it is current (start-index.ts), else the whole index.
  const tracked = trackedLogs(root).length > 0;
  // A tracked history is rebuilt from its files (store-rows.ts): more inputs than a memo checks.
  if (tracked) deps.memo = false;
  // An extract reached through a link (a committed `session_logs -> ../other/session_logs`) is another folder's.
  const extract = tracked || !linkFree(root, store.indexFile) ? null : startEntriesNow(store.indexFile, me);
  // Origins from this work tree's ledger, whatever the extract says (origin.ts).
  const entries = (extract && markOrigin(root, extract)) ?? store.entriesNow() ?? (await store.entries());
  const share = shareState(root);
  const sel = startCandidates(root, entries, me, share.clone);
  deps.issueIds = [...new Set(entries.flatMap((e) => (e.issue_id === null ? [] : [e.issue_id])))];
  const { candidates } = sel;
  // Not written here and not already offered (an accepted one is offered, quoted, as the candidate).
  const foreign = foreignCandidates(entries, me, share.clone).filter((f) => !candidates.includes(f));
  // The language from .butler/config.yaml (the one light reader), else `BUTLER_LANG`; a broken config counts as none.
  const { config } = await readConfig(root);
  const lang = resolveLang(config, env);
  // Sharing, from local state only: a session start never waits on the network.
  const shareLine = shareNote(share, config.handover?.share ?? false, now, lang);
  if (!shareLine && !Number.isNaN(share.lastFetch)) deps.fetchedAt = share.lastFetch;
  const note = [foreignLine(foreign, lang), shareLine].filter(Boolean).join('\n');
  const named = (text: string) =>
    !recovered || text.includes(recovered.handover_id) ? text : `${text}${recoveredLine(recovered, lang)}\n`.slice(0, SESSION_START_LIMIT);
  if (candidates.length === 0) return withNote(named(startPromptNone(root, lang, sel.closed, await guardOff(root, config, env))), note);
  if (candidates.length > 1) return withNote(named(startPromptMany(root, me, candidates, lang)), note);
  const e = candidates[0] as IndexEntry;
  const { file, text: snapshot } = store.readSnapshotNow(e);
  if (snapshot === null) return '';
  deps.snapshotFile = file;
  deps.snapshotText = snapshot;
  if (snapshotDamage(snapshot)) {
    return startText(lang).damaged(e.handover_id, e.snapshot_file, root);
  }
  // Light drift (docs/decisions.md D21): branch and HEAD from the `.git` files, git only when HEAD moved.
  const then = { branch: e.branch, head: e.head, anchors: anchorPaths(snapshot), dirty: dirtyAtSnapshot(parseMetadata(snapshot)) };
  const drift = await startDrift(root, then, spawnGitWith(env), lang).catch(() => null);
  // Drift of HEAD or branch asked git (or may change when a commit arrives): no memo, Node answers.
  deps.anchors = then.anchors.filter((a) => !path.isAbsolute(a) && !a.split(/[\\/]/).includes('..'));
  if (!drift || drift.head_moved || drift.branch_changed) deps.memo = false;
  const autos = newerAuto(entries, e);
  const notes = [newerAutoLine(autos, lang)];
  if (recovered && e.handover_id !== recovered.handover_id && autos[0]?.handover_id !== recovered.handover_id)
    notes.push(recoveredLine(recovered, lang));
  notes.push(note);
  return startPromptOne(root, e, me, snapshot, drift?.line ?? '', input.source === 'compact', lang, notes.filter(Boolean));
}
