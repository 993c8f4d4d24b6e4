import * as z from 'zod';
import { ISSUE_LIST_MAX, listIssues } from '../../../issues/index.js';
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
    description:
      'butler issue list [--all] [--limit N]: the open issues (--all: every issue), newest first, from the configured tracker; at most N (1-200, default 200).',
    inputSchema: z.object({ all: z.boolean().optional(), limit: z.number().int().min(1).max(ISSUE_LIST_MAX).optional() }),
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  handler: (args, ctx) => withIssueBackend(ctx, null, (b, lang) => listIssues(b, lang, args.all === true, args.limit)),
});
