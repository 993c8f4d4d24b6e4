import * as z from 'zod';
import { createIssue } from '../../../issues/index.js';
import { defineTool } from '../../tool.js';
import { withIssueBackend } from './backend.js';

export const issueCreate = defineTool({
  name: 'issue_create',
  config: {
    title: 'Create issue',
    description: 'Create an issue. body needs sections: Current state / Next / Blockers (or 現在の状態 / 次にすること / ブロック要因).',
    inputSchema: z.object({
      title: z.string(),
      body: z.string().optional(),
      label_names: z.array(z.string()).max(20).optional(),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
  handler: (args, ctx) => withIssueBackend(ctx, 'created', (b, lang) => createIssue(b, lang, args.title, args.body, args.label_names)),
});
