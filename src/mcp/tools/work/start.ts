import * as z from 'zod';
import { setDefaultIssue } from '../../../work/index.js';
import { requireProject, toolLang } from '../../context.js';
import { defineTool } from '../../tool.js';
import { issueCheck, issueClosed } from '../issue/backend.js';
import { IssueId } from '../../schema.js';

export const workStart = defineTool({
  name: 'work_start',
  config: {
    title: 'Set default issue',
    description: 'Set the default issue for records and handovers; omit issue_id to clear. Locks nothing.',
    inputSchema: z.object({ issue_id: IssueId.optional() }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  },
  handler: async (args, ctx) => {
    const project = await requireProject(ctx);
    if ('result' in project) return project.result;
    // A closed issue is told to a person (the CLI); an agent's result stays as it was.
    const closed = ctx.deps.audience === 'person' ? (id: number) => issueClosed(ctx, project.root, id) : undefined;
    return setDefaultIssue(
      ctx.session,
      args.issue_id ?? null,
      await toolLang(ctx),
      issueCheck(ctx, project.root),
      ctx.deps.audience,
      closed,
    );
  },
});
