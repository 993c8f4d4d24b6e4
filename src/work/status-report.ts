import type { GitRunner } from '../shared/git.js';
import { ok, type ToolResult } from '../shared/result.js';
import { blockedBy, judgeUpstream } from './observe.js';
import { readStatus } from './status.js';

/** The worker surface's `git_status`: the parsed status, its upstream and what blocks work, entries capped. */
export async function statusReport(git: GitRunner, root: string, cap: number): Promise<ToolResult> {
  const st = await readStatus(git, root);
  return ok(`${st.entries.length} changed path(s) on ${st.branch ?? '(detached)'}`, {
    project_root: st.root,
    branch: st.branch,
    head: st.head,
    upstream: judgeUpstream(st),
    entries: st.entries.slice(0, cap),
    ...(st.entries.length > cap ? { entries_truncated: true } : {}),
    blocked_by: blockedBy(st),
  });
}
