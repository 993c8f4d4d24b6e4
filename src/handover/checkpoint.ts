import { promises as fsp } from 'node:fs';
import { writeAutoSnapshot, type AutoQuery } from './auto.js';
import { findTranscript } from './sessionlog/find.js';
import { markChecked } from './sessions.js';
import { primeStartMemo } from './start.js';

export interface CheckpointQuery extends Omit<AutoQuery, 'transcriptPath' | 'trigger'> {
  trigger: 'precompact' | 'session-end' | 'postcompact';
  /** The client's transcript, when its hook input names one (Codex's is nullable). */
  transcriptPath: string | null;
  sessionId: string | null;
}

/**
 * The automatic snapshot of a PreCompact, PostCompact or SessionEnd hook: the session's transcript (named
 * by the client, else looked up by the session id), a `mode: auto` snapshot from its tail, and at session
 * end the session marked checked, so the next start does not read its transcript again to recover it, and
 * the start memo written for that start (docs/decisions.md D43), so the shell answers it.
 * Nothing to read is no snapshot; a failure throws (the hook says nothing either way).
 */
export async function checkpointSession(q: CheckpointQuery): Promise<void> {
  const transcript = q.transcriptPath || (q.sessionId ? await findTranscript(q.sessionId, q.env) : null);
  if (!transcript) return;
  const size = q.trigger === 'session-end' ? (await fsp.stat(transcript)).size : null;
  const { sessionId, ...rest } = q;
  await writeAutoSnapshot({ ...rest, transcriptPath: transcript });
  if (size === null || !sessionId) return;
  await markChecked(q.root, q.brain, sessionId, size);
  await primeStartMemo(q.root, q.brain, q.env, q.now);
}
