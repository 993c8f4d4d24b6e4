import * as z from 'zod';
import { IssueId } from '../../schema.js';
import { recordWork } from '../../../work/index.js';
import { defineTool } from '../../tool.js';
import { ProjectRoot, rootOf } from './root.js';

export const gitCommit = defineTool({
  name: 'git_commit',
  config: {
    title: 'git commit',
    description: 'Stages paths (default: everything) and commits with message; issue_ids become #refs.',
    inputSchema: z.object({
      project_root: ProjectRoot,
      message: z.string().trim().min(1).max(5000),
      paths: z.array(z.string().min(1)).max(500).optional(),
      issue_ids: z.array(IssueId).max(20).optional(),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
  handler: async (args, ctx) =>
    recordWork({
      projectRoot: await rootOf(args, ctx),
      message: args.message,
      issueIds: args.issue_ids ?? [],
      defaultIssue: null,
      paths: args.paths,
      git: ctx.deps.git,
    }),
});
