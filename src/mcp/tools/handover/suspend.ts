import * as z from 'zod';
import { prepareHandover } from '../../../handover/index.js';
import { defineTool } from '../../tool.js';
import { fields, inProject } from './shared.js';

export const handoverSuspend = defineTool({
  name: 'handover_suspend',
  config: {
    title: 'Suspend (save for my next session)',
    description:
      'Before ending a session: save a snapshot this agent resumes later. notes: free text; lines starting decision:, next:, blocked:, pending:, risk:, anchor: go to those sections; open items carry to the next snapshot until a resolved: <text> line. share: true also publishes it via the git remote (the first in a clone waits for the user: need_input).',
    inputSchema: z.object({
      issue_id: fields.issue_id,
      notes: fields.notes,
      session_log_path: fields.session_log_path,
      client: fields.client,
      share: fields.share,
    }),
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
  handler: (args, ctx) => inProject(ctx, (h) => prepareHandover(h, args, 'suspend')),
});
