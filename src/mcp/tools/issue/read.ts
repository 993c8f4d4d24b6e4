import * as z from 'zod';
import { readIssue } from '../../../issues/index.js';
import { IssueId } from '../../schema.js';
import { defineTool } from '../../tool.js';
import { withIssueBackend } from './backend.js';

export const issueRead = defineTool({
  name: 'issue_read',
  config: {
    title: 'Read issue',
    description: 'Read an issue. No comments unless last_n_comments > 0 (then exactly the last N).',
    inputSchema: z.object({ issue_id: IssueId, last_n_comments: z.number().int().min(0).max(100).optional() }),
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  handler: (args, ctx) => withIssueBackend(ctx, null, (b, lang) => readIssue(b, lang, args.issue_id, args.last_n_comments)),
});
