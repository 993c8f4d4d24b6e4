import * as z from 'zod';
import { syncWork } from '../../../work/index.js';
import { requireProject, toolLang } from '../../context.js';
import { defineTool } from '../../tool.js';

export const workSync = defineTool({
  name: 'work_sync',
  config: {
    title: 'Sync with upstream',
    description:
      'Replaces git fetch/pull: brings in remote records, replaying unpublished ones on top. Clean tree only; on conflict changes nothing.',
    inputSchema: z.object({}),
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  },
  defaultIssue: true,
  handler: async (_args, ctx) => {
    const project = await requireProject(ctx);
    if ('result' in project) return project.result;
    return syncWork({
      projectRoot: project.root,
      defaultIssue: ctx.session.defaultIssue,
      git: ctx.deps.git,
      lang: await toolLang(ctx),
      audience: ctx.deps.audience,
    });
  },
});
