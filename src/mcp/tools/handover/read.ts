import * as z from 'zod';
import { readHandover } from '../../../handover/index.js';
import { defineTool } from '../../tool.js';
import { fields, inProject } from './shared.js';

export const handoverRead = defineTool({
  name: 'handover_read',
  config: {
    title: 'Read a snapshot',
    description: 'Low-level: read a snapshot by handover_id, else the latest of issue_id, else the latest project-level one.',
    inputSchema: z.object({ issue_id: fields.issue_id, handover_id: fields.handover_id }),
    annotations: { readOnlyHint: true },
  },
  handler: (args, ctx) => inProject(ctx, (h) => readHandover(h, args)),
});
