import * as z from 'zod';
import { IssueId } from '../../schema.js';
import { ok, type ToolResult } from '../../../shared/result.js';
import { defineTool } from '../../tool.js';
import { backendFor } from './issue-backend.js';
import { ProjectRoot } from './root.js';

/** Worker surface only (`butler mcp --worker`): the raw tracker call, without the brain-facing text rules. */
export const issueBackendRead = defineTool({
  name: 'issue_backend_read',
  config: {
    title: 'Raw issue read',
    description: 'Read an issue with its last n comments (default 100).',
    inputSchema: z.object({ project_root: ProjectRoot, issue_id: IssueId, n: z.number().int().min(0).max(1000).optional() }),
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  handler: async (args, ctx): Promise<ToolResult> => {
    const issue = await (await backendFor(args, ctx)).read(args.issue_id, args.n ?? 100);
    return ok(`#${issue.id} ${issue.title}`, { issue });
  },
});
