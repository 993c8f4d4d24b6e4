import { promises as fsp } from 'node:fs';
import { claudeEntry, looksClaude, type LogContext } from './claude.js';
import { codexEntry, looksCodex } from './codex.js';
import { Collector } from './collector.js';
import { geminiEntry, looksGemini } from './gemini.js';
import { readLines } from './lines.js';
import { isRecord } from './output.js';
import type { SessionExtract, SessionFormat, SessionMark } from './types.js';

/** The newest requests an extract returns (more than DISCOVERY and the appendix of requests.ts can hold). */
const REQUESTS_READ = 60;

/** How many parseable entries may pass before the format is judged `unknown`. */
const DETECT_WINDOW = 50;

function parse(text: string | null): Record<string, unknown> | null {
  if (text === null || !text.trim()) return null;
  try {
    const v: unknown = JSON.parse(text);
    return isRecord(v) ? v : null;
  } catch {
    return null;
  }
}

/** FNV-1a, enough to tell two raw lines apart when an entry carries no id of its own. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `h:${h.toString(16).padStart(8, '0')}`;
}

function entryId(e: Record<string, unknown> | null, text: string | null): string | null {
  if (e && typeof e.uuid === 'string' && e.uuid) return e.uuid;
  if (e && typeof e.timestamp === 'string' && e.timestamp) {
    // Codex lines share timestamps; 0.17x numbers them (`ordinal`), which makes the id exact.
    return typeof e.ordinal === 'number' ? `${e.timestamp}#${e.ordinal}` : e.timestamp;
  }
  return text === null ? null : hash(text);
}

function detect(e: Record<string, unknown>): SessionFormat {
  if (looksCodex(e)) return 'codex';
  // Before Claude's check: Gemini's metadata line has a sessionId too.
  if (looksGemini(e)) return 'gemini';
  if (looksClaude(e)) return 'claude';
  return 'unknown';
}

interface Scan {
  format: SessionFormat;
  from: number;
  to: number;
  id: string | null;
  size: number;
  skipped: number;
  /** Lines after the mark left unread because they lie before `parseFrom` (the tail cap). */
  cut: number;
  collector: Collector;
  ctx: LogContext;
}

/**
 * Streams `file`; lines up to `after` are only checked (the mark line's id, the format, the working
 * directory), later lines are extracted. Returns null when line `after` is missing or holds another entry.
 */
async function scan(
  file: string,
  after: number,
  expectId: string | null,
  redact: (s: string) => string,
  parseFrom = 0,
): Promise<Scan | null> {
  const s: Scan = {
    format: 'unknown',
    from: after + 1,
    to: after,
    id: null,
    size: 0,
    skipped: 0,
    cut: 0,
    collector: new Collector(redact),
    ctx: { cwd: null },
  };
  let seen = 0;
  let verified = after === 0;
  for await (const raw of readLines(file)) {
    const before = raw.no <= after;
    const cut = !before && raw.end <= parseFrom;
    const needParse =
      (!before && !cut) ||
      raw.no === after ||
      (s.format === 'unknown' && seen < DETECT_WINDOW) ||
      (s.format === 'codex' && raw.text !== null && /"type":\s*"(?:turn_context|session_meta)"/.test(raw.text.slice(0, 200)));
    const e = needParse ? parse(raw.text) : null;
    if (!raw.terminated && !e) break; // a half-written last line: leave it for the next read
    if (e && s.format === 'unknown' && seen < DETECT_WINDOW) {
      seen += 1;
      s.format = detect(e);
    }
    if (
      e &&
      (s.format === 'claude' ? typeof e.cwd === 'string' : s.format === 'codex' && (e.type === 'turn_context' || e.type === 'session_meta'))
    ) {
      const payload = s.format === 'codex' && isRecord(e.payload) ? e.payload : e;
      if (typeof payload.cwd === 'string' && payload.cwd) s.ctx.cwd = payload.cwd;
    }
    if (before) {
      if (raw.no === after) {
        if (entryId(e, raw.text) !== expectId && expectId !== null) return null;
        verified = true;
      }
      s.size = raw.end;
      continue;
    }
    s.to = raw.no;
    s.id = entryId(e, raw.text);
    s.size = raw.end;
    if (cut) {
      s.cut += 1;
      continue;
    }
    if (!e) {
      if (raw.text === null || raw.text.trim()) s.skipped += 1;
      continue;
    }
    if (s.format === 'claude') claudeEntry(e, raw.no, s.collector, s.ctx);
    else if (s.format === 'codex') codexEntry(e, raw.no, s.collector, s.ctx);
    else if (s.format === 'gemini') geminiEntry(e, raw.no, s.collector, s.ctx);
  }
  if (!verified) return null;
  if (s.to === after) s.id = expectId;
  return s;
}

/**
 * Extracts the facts of a Claude Code transcript, Codex rollout or Gemini CLI session file since `previous` (the mark of the last
 * read). A mark of the same file whose entry still sits at its line means "read only what follows";
 * a file that shrank or changed under the mark is reported `rotated` and read from the start.
 */
export async function extractSession(
  file: string,
  previous: SessionMark | null,
  redact: (s: string) => string,
  opts: { maxTailBytes?: number } = {},
): Promise<SessionExtract> {
  file = await fsp.realpath(file);
  const stat = await fsp.stat(file);
  const prevPath = previous ? await fsp.realpath(previous.path).catch(() => previous.path) : null;
  const same = previous !== null && prevPath === file && previous.line > 0;
  let rotated = same && stat.size < previous.size;
  // A huge tail is counted line by line but only its last `maxTailBytes` are parsed for facts.
  const parseFrom = opts.maxTailBytes ? stat.size - opts.maxTailBytes : 0;
  let result = same && !rotated ? await scan(file, previous.line, previous.entry_id, redact, parseFrom) : null;
  if (same && !result) rotated = true;
  result ??= await scan(file, 0, null, redact, parseFrom);
  if (!result) throw new Error('session log could not be read'); // unreachable: a scan from line 0 always verifies
  const c = result.collector;
  return {
    format: result.format,
    from_line: result.from,
    to_line: result.to,
    rotated,
    // Only the newest can reach a snapshot (requests.ts): those are redacted, the earlier ones counted.
    requests: c.requests.slice(-REQUESTS_READ).map((f) => ({ ...f, text: redact(f.text) })),
    ...(c.requests.length > REQUESTS_READ ? { requests_earlier: c.requests.length - REQUESTS_READ } : {}),
    edited_files: c.editedFiles(),
    commands: c.commands,
    failures: c.failures,
    butler_calls: c.butler,
    ...(c.issueId !== undefined ? { issue_id: c.issueId } : {}),
    todos: c.todos,
    last_text: c.lastText,
    open_question: c.openQuestion,
    mark: { path: file, line: result.to, entry_id: result.to === 0 ? null : result.id, size: result.size },
    skipped: result.skipped,
    ...(result.cut ? { cut: result.cut } : {}),
    dropped: c.dropped,
    cwd: result.ctx.cwd,
  };
}
