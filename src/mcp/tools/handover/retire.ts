import * as z from 'zod';
import { retireHandover } from '../../../handover/index.js';
import { defineTool } from '../../tool.js';
import { fields, inProject } from './shared.js';

/**
 * For people only (not brain-facing, so not in the MCP surface): take a snapshot out of selection.
 * A tool definition all the same, so the runner gives it the same flags, checks and envelope.
 */
export const handoverRetire = defineTool({
  name: 'handover_retire',
  config: {
    title: 'Retire a snapshot',
    description: 'butler handover retire ID [--reason TEXT]: never offer this snapshot again; recorded in the index, the file stays.',
    inputSchema: z.object({
      handover_id: fields.handover_id.unwrap(),
      reason: z.string().max(500).optional(),
      client: fields.client,
    }),
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
  handler: (args, ctx) => inProject(ctx, (h) => retireHandover(h, args)),
});
