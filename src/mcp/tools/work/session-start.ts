import * as z from 'zod';
import { beginSession } from '../../../handover/index.js';
import { toolLang } from '../../context.js';
import { defineTool } from '../../tool.js';

export const workSessionStart = defineTool({
  name: 'work_session_start',
  config: {
    title: 'Start work session',
    description: 'Call first. Binds this connection to a project (absolute repo path) and registers this agent.',
    inputSchema: z.object({ project_root: z.string().min(1) }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  },
  // Errors speak the language of the current project (or the environment); the result, that of
  // the project just bound, which is the session's project by the time langOf is asked.
  handler: async (args, ctx) =>
    beginSession(
      ctx.session,
      {
        projectRoot: args.project_root,
        clientName: ctx.client?.name,
        clientTitle: ctx.client?.title,
        lang: await toolLang(ctx),
        langOf: () => toolLang(ctx),
      },
      ctx.deps,
    ),
});
