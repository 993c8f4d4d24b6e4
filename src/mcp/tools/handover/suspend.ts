import * as z from 'zod';
import { prepareHandover } from '../../../handover/index.js';
import { defineTool } from '../../tool.js';
import { fields, inProject } from './shared.js';

export const handoverSuspend = defineTool({
  name: 'handover_suspend',
  config: {
    title: 'Suspend (save for my next session)',
    description:
      'Before ending: save a snapshot this agent resumes later. notes: free text; lines decision:, next:, blocked:, pending:, risk:, anchor: go to those sections. Open items carry forward until resolved: <text>; a changed decision: decision: <new> then replaces: <old> (or withdrawn: <old>). share: true also publishes via the git remote (the first per clone waits for the user).',
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
