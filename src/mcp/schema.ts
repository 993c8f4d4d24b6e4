import * as z from 'zod';
import { COMMENT_ID_MAX, ISSUE_ID_MAX } from '../shared/ids.js';

/** The id arguments' schemas, from the bounds in src/shared/ids.ts. */
export const IssueId = z.number().int().positive().max(ISSUE_ID_MAX);
export const CommentId = z.number().int().positive().max(COMMENT_ID_MAX);

/**
 * JSON Schema for tools/list. Every byte here is paid for by the agent on every turn, so the
 * `$schema` marker is dropped and descriptions stay on the fields that need them.
 */
export function toInputJsonSchema(schema: z.ZodObject): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/** One short line per problem, naming the argument, for an `invalid_argument` envelope. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : 'arguments'}: ${i.message}`)
    .join('; ');
}
