import * as z from 'zod';
import { publishWork } from '../../../work/index.js';
import { defineTool } from '../../tool.js';
import { ProjectRoot, rootOf } from './root.js';

export const gitPush = defineTool({
  name: 'git_push',
  config: {
    title: 'git push',
    description: 'Pushes HEAD to its upstream. With set_upstream_remote, pushes there and sets it as upstream when none is set.',
    inputSchema: z.object({ project_root: ProjectRoot, set_upstream_remote: z.string().min(1).optional() }),
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  },
  handler: async (args, ctx) =>
    publishWork({
      projectRoot: await rootOf(args, ctx),
      defaultIssue: null,
      git: ctx.deps.git,
      ...(args.set_upstream_remote ? { setUpstream: { remote: args.set_upstream_remote } } : {}),
    }),
});
