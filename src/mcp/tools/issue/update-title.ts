import * as z from 'zod';
import { updateIssueTitle } from '../../../issues/index.js';
import { IssueId } from '../../schema.js';
import { defineTool } from '../../tool.js';
import { withIssueBackend } from './backend.js';

export const issueUpdateTitle = defineTool({
  name: 'issue_update_title',
  config: {
    title: 'Retitle issue',
    description: "Replace an issue's title.",
    inputSchema: z.object({ issue_id: IssueId, title: z.string() }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  },
  handler: (args, ctx) => withIssueBackend(ctx, 'retitled', (b, lang) => updateIssueTitle(b, lang, args.issue_id, args.title)),
});
