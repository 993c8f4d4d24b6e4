import * as z from 'zod';
import { reopenIssue } from '../../../issues/index.js';
import { IssueId } from '../../schema.js';
import { defineTool } from '../../tool.js';
import { withIssueBackend } from './backend.js';

export const issueReopen = defineTool({
  name: 'issue_reopen',
  config: {
    title: 'Reopen issue',
    description: 'Reopen a closed issue.',
    inputSchema: z.object({ issue_id: IssueId }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  },
  handler: (args, ctx) => withIssueBackend(ctx, 'reopened', (b, lang) => reopenIssue(b, lang, args.issue_id)),
});
