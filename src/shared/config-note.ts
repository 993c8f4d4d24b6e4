import { readConfig } from './config.js';
import { compilePatterns } from './redact.js';
import type { ToolResult } from './result.js';
import { trackedLogsNote } from './tracked-logs.js';

/**
 * A broken `.butler/config.yaml` never passes silently: a tool or command that ran on the defaults
 * says so in its summary, with the file, line and column (an error already names them). Used by the
 * MCP server for every tool and by the CLI's one error boundary (src/cli/outcome.ts).
 */
export async function noteConfigProblem<R extends ToolResult<object>>(result: R, root: string): Promise<R> {
  if (result.status === 'error') return result;
  return trackedNote(await configNote(result, root), root);
}

/** Files under session_logs/ that git tracks are ignored, and said (src/shared/tracked-logs.ts). */
function trackedNote<R extends ToolResult<object>>(result: R, root: string): R {
  const note = trackedLogsNote(root);
  return note ? { ...result, summary: `${result.summary} (${note})`, data: { ...result.data, tracked_session_logs: note } } : result;
}

async function configNote<R extends ToolResult<object>>(result: R, root: string): Promise<R> {
  const problem = await readConfig(root).then(
    (r) => r.problem,
    () => null,
  );
  if (!problem) return refusedPatterns(result, root);
  return {
    ...result,
    summary: `${result.summary} (ran on defaults: ${problem.message})`,
    data: { ...result.data, config_problem: problem.message },
  };
}

/** A `redact.patterns` entry that was refused (unsafe or invalid) is named in every summary until fixed (issue #23). */
async function refusedPatterns<R extends ToolResult<object>>(result: R, root: string): Promise<R> {
  const patterns = (await readConfig(root).catch(() => null))?.config.redact?.patterns ?? [];
  const { refused } = compilePatterns(patterns);
  if (!refused.length) return result;
  const said = refused.map((r) => `${JSON.stringify(r.pattern)} (${r.why})`).join(', ');
  return {
    ...result,
    summary: `${result.summary} (redact pattern refused: ${said})`,
    data: { ...result.data, config_problem: `.butler/config.yaml redact.patterns refused: ${said}` },
  };
}
