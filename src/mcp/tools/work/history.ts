import * as z from 'zod';
import { HISTORY_MAX, historyWork } from '../../../work/index.js';
import { requireProject, toolLang } from '../../context.js';
import { defineTool } from '../../tool.js';

export const workHistory = defineTool({
  name: 'work_history',
  config: {
    title: 'Work history',
    description: 'Replaces git log: the last n records (default 10), optionally only those touching path.',
    inputSchema: z.object({
      n: z.number().int().min(1).max(HISTORY_MAX).optional(),
      path: z.string().min(1).optional(),
    }),
    annotations: { readOnlyHint: true },
  },
  handler: async (args, ctx) => {
    const project = await requireProject(ctx);
    if ('result' in project) return project.result;
    return historyWork({ projectRoot: project.root, n: args.n, path: args.path, git: ctx.deps.git, lang: await toolLang(ctx) });
  },
});
