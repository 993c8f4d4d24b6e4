import * as z from 'zod';

/** Issue numbers as every tracker uses them: positive integers. */
export const IssueId = z.number().int().positive().max(1_000_000_000);

/** Comment ids are repository- or site-wide (GitHub's are past 2^31): any safe positive integer. */
export const CommentId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** `issue-49-20260603T094500Z-codex`, `project-20260603T094500Z-claude-code-2` (collision suffix). */
export const HANDOVER_ID_PATTERN = /^(?:issue-[1-9][0-9]{0,9}|project)-[0-9]{8}T[0-9]{6}Z-[A-Za-z0-9_-]{1,80}$/;
