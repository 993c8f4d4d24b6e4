import { toErrorResult } from '../shared/errors.js';
import type { ToolResult } from '../shared/result.js';
import { UsageError } from './outcome.js';

/**
 * A tool's `invalid_argument` about an argument the person typed (its data names the argument: `record_id` for
 * `work diff --record zzz`) is the command line's mistake: a usage error (exit 2) in the flag's name, not the
 * tool argument's (newcomer walk-through 10: "✗ record_id is not a record id", exit 1). Other errors pass.
 * `typed`: the flag each argument came from; `prose`: the hint's tool names as the CLI commands.
 */
export function flagError(result: ToolResult<object>, typed: Record<string, string>, prose: (text: string) => string): UsageError | null {
  if (result.status !== 'error' || result.error_code !== 'invalid_argument') return null;
  const data = result.data as Record<string, unknown>;
  const key = Object.keys(data).find((k) => k in typed && typed[k]!.startsWith('-'));
  if (!key) return null;
  const flag = typed[key]!;
  const name = new RegExp(`\\b${key}\\b`, 'g');
  const value = typeof data[key] === 'string' ? ` ${data[key]}` : '';
  const summary = name.test(result.summary) ? result.summary.replace(name, `${flag}${value}`) : `${flag}${value}: ${result.summary}`;
  const hint = result.hint ? `\n  ${prose(result.hint.replace(name, flag))}` : '';
  return new UsageError(`${summary}${hint}`);
}

/** What a tool call gives back, with a thrown error as its envelope, so flagError sees it too. */
export async function settled(call: Promise<ToolResult<object>>): Promise<ToolResult<object>> {
  return call.catch((err: unknown) => toErrorResult(err) as ToolResult<object>);
}
