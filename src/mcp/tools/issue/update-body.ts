import * as z from 'zod';
import { updateIssueBody } from '../../../issues/index.js';
import { IssueId } from '../../schema.js';
import { defineTool } from '../../tool.js';
import { withIssueBackend } from './backend.js';

export const issueUpdateBody = defineTool({
  name: 'issue_update_body',
  config: {
    title: 'Rewrite issue body',
    description: "Replace an issue's body (same sections as issue_create).",
    inputSchema: z.object({ issue_id: IssueId, body: z.string() }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  },
  handler: (args, ctx) => withIssueBackend(ctx, 'body_updated', (b, lang) => updateIssueBody(b, lang, args.issue_id, args.body)),
});
