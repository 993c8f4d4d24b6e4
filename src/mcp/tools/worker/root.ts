import * as z from 'zod';
import { resolveProjectRoot } from '../../../work/index.js';
import type { ToolContext } from '../../tool.js';

/** Worker tools hold no session: every call names its repository. */
export const ProjectRoot = z.string().min(1);

export function rootOf(args: { project_root: string }, ctx: ToolContext): Promise<string> {
  return resolveProjectRoot(ctx.deps.git, args.project_root);
}
