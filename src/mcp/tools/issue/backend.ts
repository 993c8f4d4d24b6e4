import { openIssueBackend } from '../../../issues/index.js';
import type { IssueBackend } from '../../../issues/types.js';
import type { ToolResult } from '../../../shared/result.js';
import { currentBrain, requireProject } from '../../context.js';
import type { ToolContext } from '../../tool.js';

/** Opens the project's configured tracker for this connection's brain, or asks for a work session. */
export async function withIssueBackend(
  ctx: ToolContext,
  fn: (backend: IssueBackend) => Promise<ToolResult>,
): Promise<ToolResult> {
  const project = requireProject(ctx);
  if ('result' in project) return project.result;
  const backend = await openIssueBackend({
    projectRoot: project.root,
    env: ctx.deps.env,
    author: currentBrain(ctx) ?? 'unknown',
    now: ctx.deps.now,
  });
  return fn(backend);
}
