import * as z from 'zod';
import { prepareHandover } from '../../../handover/index.js';
import { defineTool } from '../../tool.js';
import { fields, inProject } from './shared.js';

export const handoverPrepare = defineTool({
  name: 'handover_prepare',
  config: {
    title: 'Create a snapshot',
    description: 'Low-level: create a snapshot; target_brain defaults to any. Prefer handover_suspend / handover_transfer.',
    inputSchema: z.object({
      issue_id: fields.issue_id,
      target_brain: fields.brain.optional(),
      notes: fields.notes,
      session_log_path: fields.session_log_path,
      client: fields.client,
    }),
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
  handler: (args, ctx) => inProject(ctx, (h) => prepareHandover(h, args, 'prepare')),
});
