import { z } from 'zod';
import { startWorkSession } from '../../../work/start.js';
import { defineTool } from '../../tool.js';

export const workSessionStart = defineTool({
  name: 'work_session_start',
  config: {
    title: 'Start work session',
    description: 'Call first. Binds this connection to a project (absolute repo path) and registers this agent.',
    inputSchema: z.object({ project_root: z.string().min(1) }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  },
  handler: (args, ctx) =>
    startWorkSession(
      ctx.session,
      { projectRoot: args.project_root, clientName: ctx.client?.name, clientTitle: ctx.client?.title },
      ctx.deps,
    ),
});
