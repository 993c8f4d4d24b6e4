import * as z from 'zod';
import { ok, type ToolResult } from '../../../shared/result.js';
import { defineTool } from '../../tool.js';
import { backendFor } from './issue-backend.js';
import { ProjectRoot } from './root.js';

/** Worker surface only (`butler mcp --worker`): the raw tracker call, without the brain-facing text rules. */
export const issueBackendLabels = defineTool({
  name: 'issue_backend_labels',
  config: {
    title: 'Tracker labels',
    description: 'Label names the tracker knows (local: names used so far).',
    inputSchema: z.object({ project_root: ProjectRoot }),
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  handler: async (args, ctx): Promise<ToolResult> => {
    const labels = await (await backendFor(args, ctx)).listLabels();
    return ok(`${labels.length} label${labels.length === 1 ? '' : 's'}`, { labels });
  },
});
