import path from 'node:path';
import { type Front, FrontError, readFront, writeFront } from './front.js';

/**
 * One issue as one Markdown file: YAML front matter, the body, then comments. Each comment starts with
 * a one-line JSON marker, so adding a comment is a pure append (a clean diff) and deleting one rewrites
 * only its own block, leaving a tombstone with the reason.
 */
export interface StoredComment {
  id: number;
  author: string;
  created_at: string;
  body: string;
  deleted?: { by: string; at: string; reason?: string };
}

export interface StoredIssue {
  id: number;
  title: string;
  state: 'open' | 'closed';
  labels: string[];
  author: string;
  created_at: string;
  updated_at: string;
  closed_at?: string;
  body: string;
  comments: StoredComment[];
  /**
   * The front matter as read, with keys Butler does not know (`assignee`, `milestone`, …) and YAML
   * comments: a rewrite sets Butler's keys on it and keeps the rest as the user wrote it.
   */
  front?: Front;
}

const STATES = ['open', 'closed'] as const;

const MARKER = /^<!-- butler:comment (\{.*\}) -->$/;
// A body line that looks like a marker is escaped with one more backslash, so text can never forge a comment.
const ESCAPED = /^(\\*)<!-- butler:comment /;

function escapeText(text: string): string {
  return text
    .split('\n')
    .map((l) => (ESCAPED.test(l) ? `\\${l}` : l))
    .join('\n');
}

function unescapeLines(lines: string[]): string {
  return lines.map((l) => (/^\\+<!-- butler:comment /.test(l) ? l.slice(1) : l)).join('\n');
}

const unescapeText = (lines: string[]) => unescapeLines(lines).trim();

/** JSON with `<`/`>` escaped so a reason containing `-->` cannot end the HTML comment early. */
function markerJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
}

export function serializeIssue(issue: StoredIssue): string {
  const front = writeFront(issue.front, {
    id: issue.id,
    title: issue.title,
    state: issue.state,
    labels: issue.labels,
    author: issue.author,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    closed_at: issue.closed_at || undefined,
  });
  let out = `---\n${front}---\n\n${escapeText(issue.body.trim())}\n`;
  for (const c of issue.comments) {
    const meta: Record<string, unknown> = { id: c.id, author: c.author, created_at: c.created_at };
    if (c.deleted) meta.deleted = c.deleted;
    const text = c.deleted
      ? `_Comment deleted by ${c.deleted.by}${c.deleted.reason ? `: ${oneLine(c.deleted.reason)}` : ''}_`
      : escapeText(c.body);
    out += `\n<!-- butler:comment ${markerJson(meta)} -->\n${text}\n`;
  }
  return out;
}

function oneLine(s: string): string {
  return escapeText(s.replace(/\s+/g, ' ').trim());
}

export class IssueFileError extends Error {}

/**
 * Comment text keeps its bytes (CRLF, surrounding whitespace): lines are split on LF only and the one
 * line break the format adds after each comment is all that is removed.
 */
export function parseIssue(text: string): StoredIssue {
  const raw = text.split('\n');
  const lines = raw.map((l) => l.replace(/\r$/, ''));
  if (lines[0] !== '---') throw new IssueFileError('missing front matter');
  const end = lines.indexOf('---', 1);
  if (end < 0) throw new IssueFileError('unterminated front matter');
  let read: ReturnType<typeof readFront>;
  try {
    read = readFront(lines.slice(1, end));
  } catch (err) {
    throw new IssueFileError(err instanceof FrontError ? err.message : 'front matter cannot be read');
  }
  const front = read.values;
  if (typeof front.id !== 'number' || typeof front.title !== 'string') {
    throw new IssueFileError('front matter needs id and title');
  }
  // Values Butler does not understand are refused, not silently replaced on the next write.
  if (front.state !== undefined && !STATES.includes(front.state as 'open')) {
    throw new IssueFileError(`state must be open or closed, not ${JSON.stringify(front.state)}`);
  }
  if (
    front.labels !== undefined &&
    front.labels !== null &&
    !(Array.isArray(front.labels) && front.labels.every((l) => typeof l === 'string'))
  ) {
    throw new IssueFileError('labels must be a list of names');
  }
  const blocks: { meta: string; lines: string[] }[] = [];
  const bodyLines: string[] = [];
  for (let i = end + 1; i < lines.length; i++) {
    const m = MARKER.exec(lines[i]!);
    if (m?.[1]) blocks.push({ meta: m[1], lines: [] });
    else if (blocks.length) blocks.at(-1)!.lines.push(raw[i]!);
    else bodyLines.push(lines[i]!);
  }
  const comments = blocks.map(({ meta, lines: body }): StoredComment => {
    const parsed = JSON.parse(meta) as Partial<StoredComment>;
    if (typeof parsed.id !== 'number') throw new IssueFileError('comment marker without id');
    return {
      id: parsed.id,
      author: String(parsed.author ?? 'unknown'),
      created_at: String(parsed.created_at ?? ''),
      body: parsed.deleted ? '' : unescapeLines(body).replace(/\r?\n$/, ''),
      ...(parsed.deleted ? { deleted: parsed.deleted } : {}),
    };
  });
  const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : v instanceof Date ? v.toISOString() : fallback);
  return {
    id: front.id,
    title: front.title,
    state: front.state === 'closed' ? 'closed' : 'open',
    labels: Array.isArray(front.labels) ? (front.labels as string[]) : [],
    author: str(front.author, 'unknown'),
    created_at: str(front.created_at),
    updated_at: str(front.updated_at),
    ...(front.closed_at ? { closed_at: str(front.closed_at) } : {}),
    body: unescapeText(bodyLines),
    comments,
    front: read.front,
  };
}

/** Where local issue files live, relative to the project root. */
export const LOCAL_ISSUES_DIR = path.join('.butler', 'issues');

/**
 * The state a local issue file records, read as the issue tools read it (for the SessionStart hook,
 * which holds back closed issues' handovers); null when the file cannot be read as an issue.
 */
export function issueStateOf(text: string): 'open' | 'closed' | null {
  try {
    return parseIssue(text).state;
  } catch {
    return null;
  }
}
