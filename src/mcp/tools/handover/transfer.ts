import * as z from 'zod';
import { prepareHandover } from '../../../handover/index.js';
import { defineTool } from '../../tool.js';
import { fields, inProject } from './shared.js';

export const handoverTransfer = defineTool({
  name: 'handover_transfer',
  config: {
    title: 'Transfer to another agent',
    description:
      'Hand the work to another agent: a snapshot addressed to target_brain (ids from handover_list_brains; an unknown one gets need_input). notes, share as in handover_suspend.',
    inputSchema: z.object({
      target_brain: fields.brain,
      issue_id: fields.issue_id,
      notes: fields.notes,
      session_log_path: fields.session_log_path,
      client: fields.client,
      share: fields.share,
    }),
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
  handler: (args, ctx) => inProject(ctx, (h) => prepareHandover(h, args, 'transfer')),
});
