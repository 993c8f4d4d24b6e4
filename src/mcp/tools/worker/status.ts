import * as z from 'zod';
import { statusReport } from '../../../work/index.js';
import { defineTool } from '../../tool.js';
import { ProjectRoot, rootOf } from './root.js';

const ENTRIES_CAP = 1000;

export const gitStatus = defineTool({
  name: 'git_status',
  config: {
    title: 'git status',
    description: 'Parsed `git status --porcelain=v2 --branch` with in-progress operations.',
    inputSchema: z.object({ project_root: ProjectRoot }),
    annotations: { readOnlyHint: true },
  },
  handler: async (args, ctx) => statusReport(ctx.deps.git, await rootOf(args, ctx), ENTRIES_CAP),
});
