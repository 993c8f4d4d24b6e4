import * as z from 'zod';
import { diffWork } from '../../../work/index.js';
import { defineTool } from '../../tool.js';
import { ProjectRoot, rootOf } from './root.js';

export const gitDiff = defineTool({
  name: 'git_diff',
  config: {
    title: 'git diff',
    description: 'Working-tree diff against HEAD, or one commit with record_id. level defaults to "full".',
    inputSchema: z.object({
      project_root: ProjectRoot,
      path: z.string().min(1).optional(),
      level: z.enum(['stat', 'full']).optional(),
      record_id: z.string().optional(),
    }),
    annotations: { readOnlyHint: true },
  },
  handler: async (args, ctx) =>
    diffWork({
      projectRoot: await rootOf(args, ctx),
      path: args.path,
      level: args.level ?? 'full',
      recordId: args.record_id,
      git: ctx.deps.git,
    }),
});
