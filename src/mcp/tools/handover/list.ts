import * as z from 'zod';
import { listHandovers } from '../../../handover/index.js';
import { defineTool } from '../../tool.js';
import { fields, inProject } from './shared.js';

export const handoverList = defineTool({
  name: 'handover_list',
  config: {
    title: 'Search snapshot history',
    description: 'Search snapshot history in this project, newest first. client and source_brain both filter by author.',
    inputSchema: z.object({
      issue_id: fields.issue_id,
      client: fields.client,
      source_brain: fields.client,
      target_brain: fields.client,
      created_from: fields.date,
      created_to: fields.date,
      limit: z.number().int().min(1).max(200).optional(),
    }),
    annotations: { readOnlyHint: true },
  },
  handler: (args, ctx) => inProject(ctx, (h) => listHandovers(h, args)),
});
