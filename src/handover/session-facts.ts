import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Lang } from '../shared/config.js';
import { latestSession } from './sessions.js';
import { describeAnchor, extractSession, renderSessionFacts, resolveSessionLogPath } from './sessionlog/index.js';
import type { SessionFacts } from './snapshot.js';
import type { IndexEntry } from './store.js';

export interface SessionFactsQuery {
  root: string;
  env: Record<string, string | undefined>;
  lang: Lang;
  redact: (s: string) => string;
  brain: string;
  sessionLogPath: string | null;
  previous: IndexEntry | null;
  /** Parse at most this many bytes of the log's tail (the hooks: a deadline on a huge transcript). */
  maxTailBytes?: number;
}

/** DISCOVERY gets at most this many lines of other facts from the log, after the user's requests (300-line bound). */
const DISCOVERY_LINES = 40;
const MAX_ANCHORS = 15;

/** `touched`: distinct files edited; `found`: facts of any kind (0 = nothing happened since the mark). */
export type SessionFactsResult = SessionFacts & {
  log: string;
  line: number;
  entry: string | null;
  touched?: number;
  found?: number;
  /** The issue the session chose with work_start, when it did (see SessionExtract.issue_id). */
  issueId?: number | null;
};

/**
 * Facts from the brain's session log since the previous snapshot's mark. An explicit path is
 * validated (and refused before anything is written); without one, the log the SessionStart hook
 * recorded for this brain is used, and a log that cannot be read simply yields no facts.
 */
export async function buildSessionFacts(q: SessionFactsQuery): Promise<SessionFactsResult | null> {
  let file: string;
  if (q.sessionLogPath) {
    file = await resolveSessionLogPath(q.root, q.sessionLogPath, q.env);
  } else {
    const rec = await latestSession(q.root, q.brain).catch(() => null);
    if (!rec?.transcript_path) return null;
    try {
      file = await resolveSessionLogPath(q.root, rec.transcript_path, q.env);
    } catch {
      return null;
    }
  }
  const prev = q.previous;
  const mark =
    prev?.session_log && prev.session_line !== null
      ? { path: path.resolve(q.root, prev.session_log), line: prev.session_line, entry_id: prev.session_entry, size: 0 }
      : null;
  let x;
  try {
    x = await extractSession(file, mark, q.redact, { maxTailBytes: q.maxTailBytes });
  } catch {
    if (q.sessionLogPath) throw new Error('the session log could not be read');
    return null;
  }
  const rendered = renderSessionFacts(x, q.lang, DISCOVERY_LINES, q.root);
  const anchors: SessionFacts['anchors'] = [];
  for (const rel of rendered.touched) {
    if (anchors.length >= MAX_ANCHORS) break;
    if (path.isAbsolute(rel) || rel.startsWith('..') || !existsSync(path.join(q.root, rel))) continue;
    anchors.push({ path: rel, role: await describeAnchor(q.root, rel) });
  }
  const inside = !path.relative(q.root, x.mark.path).startsWith('..');
  return {
    discovery: rendered.discovery,
    risks: rendered.risks,
    appendix: rendered.appendix,
    newestRequest: rendered.newestRequest,
    requests: rendered.requests,
    todos: x.todos ?? null,
    lastText: x.last_text ?? null,
    openQuestion: x.open_question ?? null,
    anchors,
    // Logs outside the project are stored absolute: they live in the client's own folder.
    log: inside ? path.relative(q.root, x.mark.path) : x.mark.path,
    line: x.mark.line,
    entry: x.mark.entry_id,
    touched: rendered.touched.length,
    found: x.requests.length + x.edited_files.length + x.commands.length + x.failures.length,
    ...(x.issue_id !== undefined ? { issueId: x.issue_id } : {}),
  };
}
