import * as z from 'zod';
import { commentIssue } from '../../../issues/index.js';
import { IssueId } from '../../schema.js';
import { defineTool } from '../../tool.js';
import { withIssueBackend } from './backend.js';

export const issueComment = defineTool({
  name: 'issue_comment',
  config: {
    title: 'Comment on issue',
    description: 'Add a comment to an issue.',
    inputSchema: z.object({ issue_id: IssueId, body: z.string() }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
  handler: (args, ctx) => withIssueBackend(ctx, 'commented', (b, lang) => commentIssue(b, lang, args.issue_id, args.body)),
});
