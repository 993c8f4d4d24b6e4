// Every id Butler takes from outside (a tool argument, a command line, hook input) is checked against a
// pattern or bound here. Plain values, no dependency: the hook bundles import this file too, and the
// MCP schemas (`src/mcp/schema.ts`) are built from these bounds.

/** Issue numbers as every tracker uses them: positive integers up to this. */
export const ISSUE_ID_MAX = 1_000_000_000;

/** Comment ids are repository- or site-wide (GitHub's are past 2^31): any safe positive integer. */
export const COMMENT_ID_MAX = Number.MAX_SAFE_INTEGER;

/** `issue-49-20260603T094500Z-codex`, `project-20260603T094500Z-claude-code-2` (collision suffix). */
export const HANDOVER_ID_PATTERN = /^(?:issue-[1-9][0-9]{0,9}|project)-[0-9]{8}T[0-9]{6}Z-[A-Za-z0-9_-]{1,80}$/;

/** A brain id that can name a file of its own (the start index, recovery facts, start memo): as in handover ids. */
export const BRAIN_FILE_ID = /^[A-Za-z0-9_-]{1,80}$/;

/** A record id is an abbreviated or full commit hash. */
export const RECORD_ID = /^[0-9a-f]{4,64}$/;

/** A ref or remote a caller may name: no leading `-` (option injection), no `..`, only safe characters. */
export const SAFE_REF = /^(?!-)(?!.*\.\.)(?!.*\/\/)(?!.*\.lock$)[A-Za-z0-9._\/-]{1,200}$/;

/** A client's session id as both clients write them (UUIDs); anything else is never put into a glob. */
export const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9-]{7,99}$/;

/** Argument keys that hold an issue or comment number. */
const NUMBER_KEYS = new Set(['issue_id', 'comment_id']);

/**
 * Models often send a number as text (`"1"`, `"#1"`). Those are read as the number they spell before
 * the schema checks them; the published schema stays an integer, and anything else is still refused.
 */
export function readNumberIds(args: unknown): unknown {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return args;
  const out: Record<string, unknown> = { ...(args as Record<string, unknown>) };
  for (const k of Object.keys(out)) {
    const v = out[k];
    if (NUMBER_KEYS.has(k) && typeof v === 'string') out[k] = spelledNumber(v) ?? v;
  }
  return out;
}

/**
 * The positive integer `v` spells (`1`, `"1"`, `"#1"`), else null: the one rule for tool arguments
 * (readNumberIds) and for calls read back from a transcript (handover/sessionlog/collector.ts).
 */
export function spelledNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v > 0 ? v : null;
  if (typeof v !== 'string' || !/^#?[1-9][0-9]{0,15}$/.test(v.trim())) return null;
  const n = Number(v.trim().replace('#', ''));
  return Number.isSafeInteger(n) ? n : null;
}
