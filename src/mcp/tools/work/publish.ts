import * as z from 'zod';
import { publishWithShares } from '../../../handover/index.js';
import { requireProject, toolLang } from '../../context.js';
import { defineTool } from '../../tool.js';
import { handoverContext } from '../handover/shared.js';

export const workPublish = defineTool({
  name: 'work_publish',
  config: {
    title: 'Publish records',
    description: 'Replaces git push: shares recorded work with the upstream. Refuses while changes are unrecorded.',
    inputSchema: z.object({}),
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  },
  defaultIssue: true,
  handler: async (_args, ctx) => {
    const project = await requireProject(ctx);
    if ('result' in project) return project.result;
    const input = {
      projectRoot: project.root,
      defaultIssue: ctx.session.defaultIssue,
      git: ctx.deps.git,
      lang: await toolLang(ctx),
      audience: ctx.deps.audience,
    };
    return publishWithShares(input, () => handoverContext(ctx, project.root));
  },
});
