import { type Stats, statSync } from 'node:fs';
import type { GitRunner } from '../shared/git.js';
import type { AutoQuery } from './auto.js';
import { markChecked, previousSession } from './sessions.js';
import type { IndexEntry } from './store.js';

/** A transcript written to within this long may belong to a session still running elsewhere: left alone. */
export const RECOVER_IDLE_MS = 120_000;

export interface RecoverQuery {
  root: string;
  brain: string;
  /** The session starting now: never the one recovered. */
  sessionId: string;
  /** The starting session's transcript: a resumed session that kept its file is not an ended one. */
  transcriptPath: string | null;
  env: Record<string, string | undefined>;
  git: GitRunner;
  now: () => Date;
  idleMs?: number;
  maxTailBytes?: number;
  /**
   * auto.writeAutoSnapshot, injected: the SessionStart bundle loads it from pre-compact.cjs only when a
   * session needs recovering, so the common start does not parse the extraction code.
   */
  write: (q: AutoQuery) => Promise<IndexEntry | null>;
}

/**
 * At a session start: when this brain's previous session (another id) ended with transcript facts after
 * its last snapshot mark, writes one `mode: auto` snapshot (trigger `recovered`) from that tail. Once per
 * ended session: the transcript size is recorded as checked, and an unchanged size is not read again
 * (the common start costs one small read and one stat). A transcript written recently is not touched.
 */
export async function recoverEndedSession(q: RecoverQuery): Promise<IndexEntry | null> {
  const prev = await previousSession(q.root, q.brain, q.sessionId);
  if (!prev?.transcript_path || prev.transcript_path === q.transcriptPath) return null;
  const st = statOrNull(prev.transcript_path);
  if (!st?.isFile() || st.size === prev.checked_size) return null;
  if (q.now().getTime() - st.mtimeMs < (q.idleMs ?? RECOVER_IDLE_MS)) return null;
  let entry: IndexEntry | null = null;
  try {
    entry = await q.write({
      root: q.root,
      brain: q.brain,
      transcriptPath: prev.transcript_path,
      trigger: 'recovered',
      env: q.env,
      git: q.git,
      now: q.now,
      maxTailBytes: q.maxTailBytes,
    });
  } finally {
    // Checked even when unreadable: a broken transcript is not retried at every start.
    await markChecked(q.root, q.brain, prev.session_id, st.size).catch(() => undefined);
  }
  return entry;
}

function statOrNull(file: string): Stats | null {
  try {
    return statSync(file, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}
