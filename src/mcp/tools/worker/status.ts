import * as z from 'zod';
import { ok } from '../../../shared/result.js';
import { judgeUpstream, blockedBy, readStatus } from '../../../work/index.js';
import { defineTool } from '../../tool.js';
import { ProjectRoot, rootOf } from './root.js';

const ENTRIES_CAP = 1000;

export const gitStatus = defineTool({
  name: 'git_status',
  config: {
    title: 'git status',
    description: 'Parsed `git status --porcelain=v2 --branch` with in-progress operations.',
    inputSchema: z.object({ project_root: ProjectRoot }),
    annotations: { readOnlyHint: true },
  },
  handler: async (args, ctx) => {
    const st = await readStatus(ctx.deps.git, await rootOf(args, ctx));
    return ok(`${st.entries.length} changed path(s) on ${st.branch ?? '(detached)'}`, {
      project_root: st.root,
      branch: st.branch,
      head: st.head,
      upstream: judgeUpstream(st),
      entries: st.entries.slice(0, ENTRIES_CAP),
      ...(st.entries.length > ENTRIES_CAP ? { entries_truncated: true } : {}),
      blocked_by: blockedBy(st),
    });
  },
});
