import { type IssueBackend, openIssueBackend } from '../../../issues/index.js';
import { currentBrain } from '../../context.js';
import type { ToolContext } from '../../tool.js';
import { rootOf } from './root.js';

/** The project's tracker for a worker call: no session there, so every call names its project. */
export async function backendFor(args: { project_root: string }, ctx: ToolContext): Promise<IssueBackend> {
  return openIssueBackend({
    projectRoot: await rootOf(args, ctx),
    env: ctx.deps.env,
    userConfigDir: ctx.deps.userConfigDir,
    author: currentBrain(ctx) ?? 'worker',
    now: ctx.deps.now,
  });
}
