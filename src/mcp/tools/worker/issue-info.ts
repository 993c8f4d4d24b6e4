import * as z from 'zod';
import { describeIssueBackend } from '../../../issues/index.js';
import { ok, type ToolResult } from '../../../shared/result.js';
import { defineTool } from '../../tool.js';
import { ProjectRoot, rootOf } from './root.js';

/** Worker surface only (`butler mcp --worker`): the raw tracker call, without the brain-facing text rules. */
export const issueBackendInfo = defineTool({
  name: 'issue_backend_info',
  config: {
    title: 'Issue backend info',
    description: 'Which tracker .butler/config.yaml selects, and whether its token variable is set (never the token).',
    inputSchema: z.object({ project_root: ProjectRoot }),
    annotations: { readOnlyHint: true },
  },
  handler: async (args, ctx): Promise<ToolResult> => {
    const info = await describeIssueBackend(await rootOf(args, ctx), ctx.deps.env, ctx.deps.userConfigDir);
    return ok(`Issue backend: ${info.backend}`, { ...info });
  },
});
