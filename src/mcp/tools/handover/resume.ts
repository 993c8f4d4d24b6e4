import * as z from 'zod';
import { resumeOrAccept } from '../../../handover/index.js';
import { defineTool } from '../../tool.js';
import { fields, inProject } from './shared.js';

export const handoverResume = defineTool({
  name: 'handover_resume',
  config: {
    title: 'Resume my work',
    description:
      "After a restart: find this agent's snapshot (issue, else default issue, else project), read it, report drift and the current state.",
    inputSchema: z.object({
      issue_id: fields.issue_id,
      handover_id: fields.handover_id,
      created_from: fields.date,
      created_to: fields.date,
      client: fields.client,
    }),
    annotations: { readOnlyHint: true },
  },
  handler: (args, ctx) => inProject(ctx, (h) => resumeOrAccept(h, args, 'resume')),
});
