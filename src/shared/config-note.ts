import { readConfig } from './config.js';
import type { ToolResult } from './result.js';

/**
 * A broken `.butler/config.yaml` never passes silently: a tool or command that ran on the defaults
 * says so in its summary, with the file, line and column (an error already names them). Used by the
 * MCP server for every tool and by the CLI's one error boundary (src/cli/outcome.ts).
 */
export async function noteConfigProblem<R extends ToolResult<object>>(result: R, root: string): Promise<R> {
  if (result.status === 'error') return result;
  const problem = await readConfig(root).then(
    (r) => r.problem,
    () => null,
  );
  if (!problem) return result;
  return {
    ...result,
    summary: `${result.summary} (ran on defaults: ${problem.message})`,
    data: { ...result.data, config_problem: problem.message },
  };
}
