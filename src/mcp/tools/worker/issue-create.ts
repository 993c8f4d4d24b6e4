import * as z from 'zod';
import { ButlerError } from '../../../shared/errors.js';
import { ok, type ToolResult } from '../../../shared/result.js';
import { defineTool } from '../../tool.js';
import { backendFor } from './issue-backend.js';
import { ProjectRoot } from './root.js';

/** Worker surface only (`butler mcp --worker`): the raw tracker call, without the brain-facing text rules. */
export const issueBackendCreate = defineTool({
  name: 'issue_backend_create',
  config: {
    title: 'Raw issue create',
    description: 'Create an issue as given: no structured-body check. Labels are names.',
    inputSchema: z.object({
      project_root: ProjectRoot,
      title: z.string().trim().min(1).max(256),
      body: z.string().optional(),
      label_names: z.array(z.string().min(1)).max(20).optional(),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  },
  handler: async (args, ctx): Promise<ToolResult> => {
    if (/[\r\n]/.test(args.title)) throw new ButlerError('invalid_title', 'Title has a line break', 'Use one line.');
    const issue = await (await backendFor(args, ctx)).create(args.title, args.body, args.label_names);
    return ok(`Created #${issue.id}`, { issue });
  },
});
