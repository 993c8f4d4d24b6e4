import * as z from 'zod';
import { HISTORY_MAX, historyWork } from '../../../work/index.js';
import { defineTool } from '../../tool.js';
import { ProjectRoot, rootOf } from './root.js';

export const gitLog = defineTool({
  name: 'git_log',
  config: {
    title: 'git log',
    description: 'The last n commits of HEAD, optionally limited to path.',
    inputSchema: z.object({
      project_root: ProjectRoot,
      n: z.number().int().min(1).max(HISTORY_MAX).optional(),
      path: z.string().min(1).optional(),
    }),
    annotations: { readOnlyHint: true },
  },
  handler: async (args, ctx) => historyWork({ projectRoot: await rootOf(args, ctx), n: args.n, path: args.path, git: ctx.deps.git }),
});
