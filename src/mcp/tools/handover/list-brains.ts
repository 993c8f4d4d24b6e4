import * as z from 'zod';
import { listKnownBrains } from '../../../handover/index.js';
import { defineTool } from '../../tool.js';
import { inProject } from './shared.js';

export const handoverListBrains = defineTool({
  name: 'handover_list_brains',
  config: {
    title: 'List known agents',
    description: 'Agents seen here or installed (brain_id, title, last_seen; null = not yet seen), for choosing target_brain.',
    inputSchema: z.object({}),
    annotations: { readOnlyHint: true },
  },
  handler: (_args, ctx) => inProject(ctx, (h) => listKnownBrains(h)),
});
