import * as z from 'zod';
import { spelledNumber } from './number-text.js';

/** Issue numbers as every tracker uses them: positive integers. */
export const IssueId = z.number().int().positive().max(1_000_000_000);

/** Comment ids are repository- or site-wide (GitHub's are past 2^31): any safe positive integer. */
export const CommentId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

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

/** `issue-49-20260603T094500Z-codex`, `project-20260603T094500Z-claude-code-2` (collision suffix). */
export const HANDOVER_ID_PATTERN = /^(?:issue-[1-9][0-9]{0,9}|project)-[0-9]{8}T[0-9]{6}Z-[A-Za-z0-9_-]{1,80}$/;
