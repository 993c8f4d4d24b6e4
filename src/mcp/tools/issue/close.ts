import * as z from 'zod';
import { closeIssue } from '../../../issues/index.js';
import { IssueId } from '../../schema.js';
import { defineTool } from '../../tool.js';
import { withIssueBackend } from './backend.js';

export const issueClose = defineTool({
  name: 'issue_close',
  config: {
    title: 'Close issue',
    description: 'Close an issue; returns it in data.issue. Ask the user unless they asked for it.',
    inputSchema: z.object({ issue_id: IssueId }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  },
  handler: async (args, ctx) => {
    const r = await withIssueBackend(ctx, 'closed', (b, lang) => closeIssue(b, lang, args.issue_id));
    // The closed issue stops being the default one: later records are not linked to finished work (field trial).
    if (r.status === 'ok' && ctx.session.defaultIssue === args.issue_id) {
      ctx.session.defaultIssue = null;
      return { ...r, data: { ...r.data, default_issue: null } };
    }
    return r;
  },
});
