import * as z from 'zod';
import { resumeOrAccept } from '../../../handover/index.js';
import { defineTool } from '../../tool.js';
import { fields, inProject } from './shared.js';

export const handoverAccept = defineTool({
  name: 'handover_accept',
  config: {
    title: 'Accept work from another agent',
    description:
      'Take over work another agent transferred to this one (or to any), optionally only from source_brain. Records who took it: no other agent gets it.',
    inputSchema: z.object({
      source_brain: fields.client,
      issue_id: fields.issue_id,
      handover_id: fields.handover_id,
      client: fields.client,
    }),
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
  handler: (args, ctx) => inProject(ctx, (h) => resumeOrAccept(h, args, 'accept')),
});
