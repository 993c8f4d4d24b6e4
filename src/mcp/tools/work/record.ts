import * as z from 'zod';
import { IssueId } from '../../schema.js';
import { recordWork } from '../../../work/index.js';
import { requireProject, toolLang } from '../../context.js';
import { defineTool } from '../../tool.js';
import { issueCheck } from '../issue/backend.js';

export const workRecord = defineTool({
  name: 'work_record',
  config: {
    title: 'Record work',
    description:
      'Replaces git add + commit: records all changes on this branch, locally (never pushed). Links issues as "Refs #N"; issue_ids defaults to the default issue, [] none.',
    inputSchema: z.object({
      message: z.string().trim().min(1).max(5000),
      issue_ids: z.array(IssueId).max(20).optional(),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
  handler: async (args, ctx) => {
    const project = await requireProject(ctx);
    if ('result' in project) return project.result;
    return recordWork({
      projectRoot: project.root,
      message: args.message,
      issueIds: args.issue_ids,
      defaultIssue: ctx.session.defaultIssue,
      git: ctx.deps.git,
      lang: await toolLang(ctx),
      audience: ctx.deps.audience,
      issueExists: issueCheck(ctx, project.root),
      personConsent: ctx.deps.personConsent,
    });
  },
});
