import * as z from 'zod';
import { finishWork } from '../../../work/index.js';
import { requireProject, toolLang } from '../../context.js';
import { defineTool } from '../../tool.js';
import { issueClosed } from '../issue/backend.js';

export const workFinish = defineTool({
  name: 'work_finish',
  config: {
    title: 'Finish work',
    description:
      'Proposes the next steps in order (record, publish, then issue comment/close) as pending_actions; call again after each. Acts on nothing.',
    inputSchema: z.object({}),
    annotations: { readOnlyHint: true },
  },
  defaultIssue: true,
  handler: async (_args, ctx) => {
    const project = await requireProject(ctx);
    if ('result' in project) return project.result;
    return finishWork({
      projectRoot: project.root,
      defaultIssue: ctx.session.defaultIssue,
      git: ctx.deps.git,
      lang: await toolLang(ctx),
      audience: ctx.deps.audience,
      issueClosed: (id) => issueClosed(ctx, project.root, id),
    });
  },
});
