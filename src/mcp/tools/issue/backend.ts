import { openIssueBackend } from '../../../issues/index.js';
import type { IssueBackend } from '../../../issues/types.js';
import type { Lang } from '../../../shared/config.js';
import type { ToolResult } from '../../../shared/result.js';
import { currentBrain, requireProject, toolLang } from '../../context.js';
import type { ToolContext } from '../../tool.js';

/**
 * Opens the project's configured tracker for this connection's brain, or asks for a work session.
 * The tool's words follow the project's language (`toolLang`), the tracker's errors included.
 */
export async function withIssueBackend(
  ctx: ToolContext,
  fn: (backend: IssueBackend, lang: Lang) => Promise<ToolResult>,
): Promise<ToolResult> {
  const project = requireProject(ctx);
  if ('result' in project) return project.result;
  const lang = await toolLang(ctx);
  const backend = await openIssueBackend({
    projectRoot: project.root,
    env: ctx.deps.env,
    userConfigDir: ctx.deps.userConfigDir,
    author: currentBrain(ctx) ?? 'unknown',
    now: ctx.deps.now,
    lang,
  });
  return fn(backend, lang);
}
