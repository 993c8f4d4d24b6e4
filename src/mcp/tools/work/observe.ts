import * as z from 'zod';
import { observeWork } from '../../../work/index.js';
import { toolLang } from '../../context.js';
import { defineTool } from '../../tool.js';
import { issueClosed } from '../issue/backend.js';

export const workObserve = defineTool({
  name: 'work_observe',
  config: {
    title: 'Observe work state',
    description: 'Replaces git status. Returns work_state, changed paths, unpublished count and the required_action.',
    inputSchema: z.object({}),
    annotations: { readOnlyHint: true },
  },
  defaultIssue: true,
  handler: async (_args, ctx) => {
    const lang = await toolLang(ctx);
    const r = await observeWork({
      projectRoot: ctx.session.projectRoot,
      defaultIssue: ctx.session.defaultIssue,
      git: ctx.deps.git,
      lang,
      audience: ctx.deps.audience,
      // A closed default issue is told to a person (the CLI), as work_start does; an agent's result stays as it was.
      ...(ctx.deps.audience === 'person' && ctx.session.projectRoot
        ? { closed: (id: number) => issueClosed(ctx, ctx.session.projectRoot as string, id) }
        : {}),
    });
    // The capability cannot know the server's cwd; it is the likely project_root to offer.
    if (r.data.work_state === 'uninitialized' && r.data.required_action) {
      r.data.required_action = { ...r.data.required_action, args: { project_root: ctx.deps.cwd } };
    }
    return r;
  },
});
