import path from 'node:path';
import { isTrackedLog } from '../shared/tracked-logs.js';
import { readTextIfExistsSync, writeFileAtomic, writeFileAtomicSync } from '../shared/fs.js';
import { tryFileLockSync, withFileLock } from '../shared/lock.js';

/**
 * `session_logs/sessions.json`: the sessions the SessionStart hook saw, with their transcript paths,
 * so handover_prepare / suspend / transfer can read the current brain's log without being told where
 * it is. Kept light (node:path and the shared file helpers only): it runs inside a timed hook.
 */
export interface SessionRecord {
  brain: string;
  session_id: string;
  transcript_path: string | null;
  started_at: string;
  source?: string;
  /** Transcript size when a later start last checked it for unsaved work: unchanged = nothing to recover. */
  checked_size?: number;
}

interface SessionsFile {
  sessions: SessionRecord[];
}

export const SESSIONS_LIMIT = 200;

export function sessionsPath(projectRoot: string): string {
  return path.join(projectRoot, 'session_logs', 'sessions.json');
}

function clip(v: unknown, max: number): string | null {
  return typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null;
}

function clean(r: unknown): SessionRecord | null {
  if (typeof r !== 'object' || r === null) return null;
  const o = r as Record<string, unknown>;
  const brain = clip(o.brain, 64);
  const session_id = clip(o.session_id, 200);
  const started_at = clip(o.started_at, 40);
  if (!brain || !session_id || !started_at) return null;
  const t = clip(o.transcript_path, 4096);
  const rec: SessionRecord = { brain, session_id, transcript_path: t && path.isAbsolute(t) ? t : null, started_at };
  const source = clip(o.source, 40);
  if (source) rec.source = source;
  if (Number.isSafeInteger(o.checked_size) && (o.checked_size as number) >= 0) rec.checked_size = o.checked_size as number;
  return rec;
}

/**
 * Reads the registry; a missing or corrupt file (or corrupt records) reads as empty rather than failing.
 * Synchronous (at most SESSIONS_LIMIT small records): the SessionStart hook reads it on every start.
 */
function readSessions(file: string): SessionRecord[] {
  // A tracked sessions.json would choose which transcript recovery reads: ignored (tracked-logs.ts).
  if (isTrackedLog(path.dirname(path.dirname(file)), 'session_logs/sessions.json')) return [];
  try {
    const text = readTextIfExistsSync(file);
    if (!text) return [];
    const raw = JSON.parse(text) as Partial<SessionsFile>;
    return Array.isArray(raw.sessions) ? raw.sessions.map(clean).filter((r): r is SessionRecord => r !== null) : [];
  } catch {
    return [];
  }
}

/**
 * Records (or refreshes) one session: the same brain + session id again (resume, clear, compact) moves
 * to the end and keeps its known transcript path when the new one is missing. Locked, atomic, and
 * bounded to the newest `SESSIONS_LIMIT` records.
 */
export async function recordSession(
  projectRoot: string,
  rec: { brain: string; session_id: string; transcript_path: string | null; started_at: string; source?: string },
): Promise<void> {
  const next = clean(rec);
  if (!next) return;
  const file = sessionsPath(projectRoot);
  const update = (list: SessionRecord[]): string => {
    const i = list.findIndex((r) => r.brain === next.brain && r.session_id === next.session_id);
    if (i >= 0) {
      next.transcript_path ??= list[i]!.transcript_path;
      list.splice(i, 1);
    }
    list.push(next);
    return `${JSON.stringify({ sessions: list.slice(-SESSIONS_LIMIT) }, null, 2)}\n`;
  };
  // The common case, a free lock, with sync fs (the hook's start-up is timed); a held one is waited for.
  const write = () => writeFileAtomicSync(file, update(readSessions(file)), { within: projectRoot });
  if (tryFileLockSync(file, write, { within: projectRoot })) return;
  await withFileLock(file, async () => write(), { timeoutMs: 3000, within: projectRoot });
}

/** Records that a start checked `session_id`'s transcript at `size` bytes (recovered or found nothing new). */
export async function markChecked(projectRoot: string, brain: string, sessionId: string, size: number): Promise<void> {
  const file = sessionsPath(projectRoot);
  await withFileLock(
    file,
    async () => {
      const list = readSessions(file);
      const hit = list.find((r) => r.brain === brain && r.session_id === sessionId);
      if (!hit) return;
      hit.checked_size = size;
      await writeFileAtomic(file, `${JSON.stringify({ sessions: list }, null, 2)}\n`, { within: projectRoot });
    },
    { timeoutMs: 3000, within: projectRoot },
  );
}

/** The brain's newest earlier session (another id) with a transcript, the one a start may recover; or null. */
export async function previousSession(projectRoot: string, brain: string, currentId: string): Promise<SessionRecord | null> {
  const list = readSessions(sessionsPath(projectRoot));
  let best: SessionRecord | null = null;
  for (const r of list) {
    if (r.brain !== brain || r.session_id === currentId || !r.transcript_path) continue;
    if (!best || r.started_at >= best.started_at) best = r;
  }
  return best;
}

/** The brain's newest session that has a transcript (latest `started_at`; later record wins a tie), or null. */
export async function latestSession(projectRoot: string, brain: string): Promise<SessionRecord | null> {
  const list = readSessions(sessionsPath(projectRoot));
  let best: SessionRecord | null = null;
  for (const r of list) {
    if (r.brain !== brain || !r.transcript_path) continue;
    if (!best || r.started_at >= best.started_at) best = r;
  }
  return best;
}
