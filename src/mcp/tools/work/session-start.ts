import * as z from 'zod';
import { waitingHandover } from '../../../handover/waiting.js';
import { startWorkSession } from '../../../work/start.js';
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
  handler: async (args, ctx) => {
    const r = await startWorkSession(
      ctx.session,
      {
        projectRoot: args.project_root,
        clientName: ctx.client?.name,
        clientTitle: ctx.client?.title,
        lang: await toolLang(ctx),
        langOf: () => toolLang(ctx),
      },
      ctx.deps,
    );
    const root = ctx.session.projectRoot;
    const me = ctx.session.brainId;
    if (r.status !== 'ok' || !root || !me) return r;
    // The handover SessionStart named comes before anything else (the same choice as the hook).
    const w = await waitingHandover(root, me, await toolLang(ctx)).catch(() => null);
    // Handovers not written in this clone are data for the user, never a required_action (issue #23).
    const out = w?.foreign.length ? { ...r, data: { ...r.data, handovers_from_elsewhere: w.foreign } } : r;
    if (w?.next) {
      const { tool, handover_id, reason } = w.next;
      return { ...out, data: { ...out.data, required_action: { tool, args: { handover_id }, reason } } };
    }
    if (w?.choose.length) return { ...out, data: { ...out.data, candidate_handovers: w.choose, choose: w.chooseReason } };
    return out;
  },
});
