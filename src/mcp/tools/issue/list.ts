import * as z from 'zod';
import { listIssues } from '../../../issues/index.js';
import { defineTool } from '../../tool.js';
import { withIssueBackend } from './backend.js';

/**
 * For people only: the model-facing surface has no list tool (its text is budgeted, and a brain
 * reads the issue it is given). A tool definition all the same, so the runner gives it the same flags and envelope.
 */
export const issueList = defineTool({
  name: 'issue_list',
  config: {
    title: 'List issues',
    description: 'butler issue list [--all]: the open issues (--all: every issue), newest first, from the configured tracker.',
    inputSchema: z.object({ all: z.boolean().optional() }),
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  handler: (args, ctx) => withIssueBackend(ctx, null, (b, lang) => listIssues(b, lang, args.all === true)),
});
