import * as z from 'zod';
import { deleteIssueComment } from '../../../issues/index.js';
import { CommentId, IssueId } from '../../schema.js';
import { defineTool } from '../../tool.js';
import { withIssueBackend } from './backend.js';

export const issueDeleteComment = defineTool({
  name: 'issue_delete_comment',
  config: {
    title: 'Delete issue comment',
    description: 'Delete a comment from an issue.',
    inputSchema: z.object({ issue_id: IssueId, comment_id: CommentId, reason: z.string().max(500).optional() }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  },
  handler: (args, ctx) =>
    withIssueBackend(ctx, 'comment_deleted', (b, lang) => deleteIssueComment(b, lang, args.issue_id, args.comment_id, args.reason)),
});
