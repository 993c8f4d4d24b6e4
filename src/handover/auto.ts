import { isOwn } from './origin.js';
import path from 'node:path';
import { readConfig, resolveLang } from '../shared/config.js';
import type { GitRunner } from '../shared/git.js';
import { isRetired, previousFromSameLog } from './candidates.js';
import { carryForward, openItemsOf } from './carry.js';
import { ensureGitignored } from './context.js';
import { fingerprint, readGitNow } from './drift.js';
import { prepareText } from './messages/prepare.js';
import { parseNotes } from './notes.js';
import { makeRedactor } from '../shared/redact.js';
import { buildSessionFacts } from './session-facts.js';
import { renderSnapshot } from './snapshot.js';
import { HandoverStore, type IndexEntry } from './store.js';

/** What wrote an automatic snapshot: a compaction about to happen, or the next start finding an unsaved session. */
export type AutoTrigger = 'precompact' | 'recovered' | 'session-end';

export interface AutoQuery {
  root: string;
  /** The brain the hook was installed for, normalised. */
  brain: string;
  transcriptPath: string;
  trigger: AutoTrigger;
  env: Record<string, string | undefined>;
  git: GitRunner;
  now: () => Date;
  /** Parse at most this many bytes of the transcript's tail; the rest is counted and said to be cut. */
  maxTailBytes?: number;
}

/** Enough for hours of ordinary work; a transcript tail beyond this is cut so a hook keeps its deadline. */
export const AUTO_TAIL_BYTES = 8 * 1024 * 1024;

/**
 * Writes a `mode: auto` snapshot from the brain's transcript since its last mark: the same extraction,
 * redaction and store as a deliberate one, no model call. Scope: the scope of the brain's newest
 * snapshot (the work it was on), else the project. Returns null, writing nothing, when the transcript
 * has no new facts (requests, edits, commands) since the mark; throws when it cannot be read.
 */
export async function writeAutoSnapshot(q: AutoQuery): Promise<IndexEntry | null> {
  const { config } = await readConfig(q.root);
  const lang = resolveLang(config, q.env);
  const redact = makeRedactor(config.redact?.patterns ?? []);
  const store = new HandoverStore(q.root);
  const entries = await store.entries();
  const session = await buildSessionFacts({
    root: q.root,
    env: q.env,
    lang,
    redact,
    brain: q.brain,
    sessionLogPath: q.transcriptPath,
    previous: previousFromSameLog(entries, q.brain),
    maxTailBytes: q.maxTailBytes ?? AUTO_TAIL_BYTES,
  });
  if (!session?.found) return null;
  await ensureGitignored(q.root);
  // The issue the session chose with work_start, else the scope of the brain's newest snapshot.
  const issueId =
    session.issueId !== undefined ? session.issueId : (entries.find((e) => e.source_brain === q.brain && !isRetired(e))?.issue_id ?? null);
  const git = await readGitNow(q.root, q.git).catch(() => null);
  // Records not yet on the upstream; null (shown as "no upstream") only when there is none.
  const ahead = await q.git(q.root, ['rev-list', '--count', '@{upstream}..HEAD']).catch(() => null);
  const unpublished = ahead?.exitCode === 0 && /^\d+\s*$/.test(ahead.stdout) ? Number(ahead.stdout.trim()) : null;
  const dirtyFiles = git?.dirty_files ?? [];
  const dirty = dirtyFiles.length ? JSON.stringify(await fingerprint(q.root, dirtyFiles)) : null;
  const t = prepareText(lang);
  const why = { precompact: t.precompact, recovered: t.recovered, 'session-end': t.sessionEnd }[q.trigger];
  const notes = parseNotes(`${t.autoNote(why)}\nnext: ${t.autoNext}`);
  const createdAt = new Date(Math.floor(q.now().getTime() / 1000) * 1000);
  const { entry } = await store.append({ issueId, createdAt, brain: q.brain }, async (handoverId, prior) => {
    // Only a snapshot written here: items from elsewhere come forward only when restated (issue #23).
    const parent = prior.find((e) => !isRetired(e) && isOwn(e)) ?? null;
    const parentText = parent ? await store.readSnapshot(parent) : null;
    return renderSnapshot({
      meta: {
        project: path.basename(q.root),
        issue_id: issueId,
        issue_title: parent?.issue_title ?? null,
        source_brain: q.brain,
        target_brain: q.brain,
        mode: 'auto',
        created_at: createdAt.toISOString().replace('.000Z', 'Z'),
        handover_id: handoverId,
        branch: git?.branch ?? null,
        head: git?.head ?? null,
        lang,
        session_log: session.log,
        session_line: session.line,
        session_entry: session.entry,
        parent: parent?.handover_id ?? null,
        seq: prior.length + 1,
        issue_state: null,
        dirty,
        trigger: q.trigger,
        touched: session.touched ?? 0,
      },
      issue: null,
      issueError: null,
      work: git
        ? {
            work_state: dirtyFiles.length ? 'dirty' : 'clean',
            dirty_count: dirtyFiles.length,
            dirty_files: dirtyFiles,
            unpublished_count: unpublished,
            required_action: null,
          }
        : null,
      notes,
      session,
      carried: carryForward(parentText ? openItemsOf(parentText, q.root) : null, notes),
    });
  });
  return entry;
}
