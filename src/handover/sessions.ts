import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { joinPlain } from '../shared/paths.js';
import { butlerGitFile, readGitFile, writeGitText } from '../shared/git-refs.js';
import { isTrackedLog } from '../shared/tracked-logs.js';
import { BRAIN_FILE_ID } from '../shared/ids.js';
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
  return joinPlain(projectRoot, 'session_logs', 'sessions.json');
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

/** Adds or refreshes one record: the same brain + session id again moves to the end, keeping a known transcript. */
function upsert(list: SessionRecord[], next: SessionRecord): void {
  const i = list.findIndex((r) => r.brain === next.brain && r.session_id === next.session_id);
  if (i >= 0) {
    next.transcript_path ??= list[i]!.transcript_path;
    list.splice(i, 1);
  }
  list.push(next);
}

/**
 * The sessions the shell SessionStart answered (src/hooks/bin/session-start.sh, docs/decisions.md D40):
 * one line each in the git dir, `1<TAB>epoch<TAB>brain<TAB>session id<TAB>transcript<TAB>source`, written by
 * a script the agent can imitate, so each is checked as any record is (`clean`). Taken by renaming the
 * file: a shell that opened it before the rename and writes after the read (microseconds between its
 * open and its one write) would be missed, the one window left.
 */
function takeQueue(projectRoot: string): SessionRecord[] {
  const file = butlerGitFile(projectRoot, START_QUEUE, 'gitDir');
  // Most starts find no queue: a stat, not the thrown ENOENT of a rename (the hook is timed). A queue
  // written after this stat is taken by the next start, as one written after the rename would be.
  if (!file || !statSync(file, { throwIfNoEntry: false })) return [];
  const taken = `${file}.${Date.now()}-${Math.random().toString(36).slice(2)}`;
  try {
    renameSync(file, taken);
  } catch {
    return [];
  }
  // A link or FIFO put there is not read (readGitFile), and gone either way.
  const text = readGitFile(taken, 64 * 1024) ?? '';
  rmSync(taken, { force: true });
  const out: SessionRecord[] = [];
  for (const line of text.split('\n').slice(0, 256)) {
    const [v, epoch, brain, session_id, transcript_path, source] = line.split('\t');
    if (v !== '1' || !/^\d{1,12}$/.test(epoch ?? '')) continue;
    const rec = clean({ brain, session_id, transcript_path, started_at: new Date(Number(epoch) * 1000).toISOString(), source });
    if (rec) out.push(rec);
  }
  return out;
}

export const START_QUEUE = 'start-queue';

/** The registry with the queued sessions moved in (written back under the lock when there were any). */
async function sessionsNow(projectRoot: string): Promise<SessionRecord[]> {
  const file = sessionsPath(projectRoot);
  const queue = butlerGitFile(projectRoot, START_QUEUE, 'gitDir');
  if (!queue || !existsSync(queue)) return readSessions(file);
  let list: SessionRecord[] = [];
  await withFileLock(
    file,
    async () => {
      list = readSessions(file);
      const before = brainsOf(list);
      const queued = takeQueue(projectRoot);
      for (const r of queued) upsert(list, r);
      list = list.slice(-SESSIONS_LIMIT);
      if (!queued.length) return;
      await writeFileAtomic(file, `${JSON.stringify({ sessions: list }, null, 2)}\n`, { within: projectRoot });
      writeRecoveryFacts(projectRoot, list, before);
    },
    { timeoutMs: 3000, within: projectRoot },
  );
  return list;
}

/**
 * Records (or refreshes) one session, after the queued ones: the same brain + session id again (resume,
 * clear, compact) moves to the end and keeps its known transcript path when the new one is missing.
 * Locked, atomic, and bounded to the newest `SESSIONS_LIMIT` records.
 */
export async function recordSession(
  projectRoot: string,
  rec: { brain: string; session_id: string; transcript_path: string | null; started_at: string; source?: string },
): Promise<void> {
  const next = clean(rec);
  if (!next) return;
  const file = sessionsPath(projectRoot);
  const write = () => {
    let list = readSessions(file);
    const before = brainsOf(list);
    for (const r of takeQueue(projectRoot)) upsert(list, r);
    upsert(list, next);
    list = list.slice(-SESSIONS_LIMIT);
    writeFileAtomicSync(file, `${JSON.stringify({ sessions: list }, null, 2)}\n`, { within: projectRoot });
    writeRecoveryFacts(projectRoot, list, before);
  };
  // The common case, a free lock, with sync fs (the hook's start-up is timed); a held one is waited for.
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
      const before = brainsOf(list);
      for (const r of takeQueue(projectRoot)) upsert(list, r);
      const hit = list.find((r) => r.brain === brain && r.session_id === sessionId);
      if (!hit) return;
      hit.checked_size = size;
      await writeFileAtomic(file, `${JSON.stringify({ sessions: list }, null, 2)}\n`, { within: projectRoot });
      writeRecoveryFacts(projectRoot, list, before);
    },
    { timeoutMs: 3000, within: projectRoot },
  );
}

/** The brain's newest earlier session (another id) with a transcript, the one a start may recover; or null. */
export async function previousSession(projectRoot: string, brain: string, currentId: string): Promise<SessionRecord | null> {
  return newestWithTranscript(await sessionsNow(projectRoot), brain, currentId);
}

function newestWithTranscript(list: readonly SessionRecord[], brain: string, exceptId: string | null): SessionRecord | null {
  let best: SessionRecord | null = null;
  for (const r of list) {
    if (r.brain !== brain || r.session_id === exceptId || !r.transcript_path) continue;
    if (!best || r.started_at >= best.started_at) best = r;
  }
  return best;
}

/** The git-dir file (butlerGitFile) of a brain's recovery facts, which the start memo checks (start-memo.ts). */
export const recoveryFactsName = (brain: string): string => `recovery-${brain}`;

/** Two records' ids and transcript paths (clean: at most 200 and 4,096 characters): more is not Butler's. */
export const RECOVERY_FACTS_MAX = 32 * 1024;

/** The recovery facts of one brain as the memo reads them: one JSON object per session. */
export interface RecoveryFact {
  id: string;
  transcript: string;
  checked: number | null;
}

/**
 * What recovery reads for `brain` (docs/decisions.md D43): the session it would read at the next start of
 * another session (l1, the brain's newest with a transcript) and at the next start of l1 itself (l2), with
 * the size each was checked at. One line of JSON: equal facts, equal bytes.
 */
export function recoveryFacts(list: readonly SessionRecord[], brain: string): string {
  const l1 = newestWithTranscript(list, brain, null);
  const l2 = l1 && newestWithTranscript(list, brain, l1.session_id);
  const fact = (r: SessionRecord | null): RecoveryFact | null =>
    r?.transcript_path ? { id: r.session_id, transcript: r.transcript_path, checked: r.checked_size ?? null } : null;
  return `${JSON.stringify({ l1: fact(l1), l2: fact(l2) })}\n`;
}

const brainsOf = (list: readonly SessionRecord[]): string[] => list.map((r) => r.brain);

/**
 * After each write of sessions.json, under its lock: the facts file of every brain in it (or dropped from
 * it), written only when its bytes change, so an unchanged file keeps its identity and the memo its bytes.
 * Only names a file can carry (as the memo's).
 */
function writeRecoveryFacts(projectRoot: string, list: readonly SessionRecord[], before: readonly string[]): void {
  for (const brain of new Set([...before, ...brainsOf(list)])) {
    if (!BRAIN_FILE_ID.test(brain)) continue;
    const name = recoveryFactsName(brain);
    const file = butlerGitFile(projectRoot, name, 'gitDir');
    const text = recoveryFacts(list, brain);
    if (!file || readGitFile(file, RECOVERY_FACTS_MAX) === text) continue;
    writeGitText(projectRoot, name, text);
  }
}

/** The brain's newest session that has a transcript (latest `started_at`; later record wins a tie), or null. */
export async function latestSession(projectRoot: string, brain: string): Promise<SessionRecord | null> {
  return newestWithTranscript(await sessionsNow(projectRoot), brain, null);
}
