import * as z from 'zod';
import { diffWork } from '../../../work/index.js';
import { requireProject, toolLang } from '../../context.js';
import { defineTool } from '../../tool.js';

export const workDiff = defineTool({
  name: 'work_diff',
  config: {
    title: 'Show changes',
    description: 'Replaces git diff: unrecorded changes, or one record with record_id. level "full" returns the patch.',
    inputSchema: z.object({
      path: z.string().min(1).optional(),
      level: z.enum(['stat', 'full']).optional(),
      record_id: z.string().optional(),
    }),
    annotations: { readOnlyHint: true },
  },
  handler: async (args, ctx) => {
    const project = await requireProject(ctx);
    if ('result' in project) return project.result;
    return diffWork({
      projectRoot: project.root,
      path: args.path,
      level: args.level,
      recordId: args.record_id,
      git: ctx.deps.git,
      lang: await toolLang(ctx),
      audience: ctx.deps.audience,
    });
  },
});
