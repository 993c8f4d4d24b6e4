// Work use cases that carry handovers along: the work session with the handover waiting for it, and a
// publish with the shares still to push. Here, not in work/, because handover sits above work (AGENTS.md layers).
import type { Lang } from '../shared/config.js';
import type { GitRunner } from '../shared/git.js';
import type { ToolResult } from '../shared/result.js';
import { publishWork, startWorkSession, type WorkSession } from '../work/index.js';
import type { HandoverContext } from './context.js';
import { hasPendingShares, retryPendingShares } from './share-ops.js';
import { waitingHandover } from './waiting.js';

type StartInput = Parameters<typeof startWorkSession>[1];

/**
 * work_session_start: the work session bound, then the handover SessionStart named comes before anything
 * else (the same choice as the hook): its read is the required action, several are for the user to choose.
 * Handovers not written in this clone are data for the user, never a required_action (issue #23).
 */
export async function beginSession(
  session: WorkSession,
  input: StartInput & { langOf: () => Promise<Lang> },
  deps: { git: GitRunner; now: () => Date },
): Promise<ToolResult> {
  const r = await startWorkSession(session, input, deps);
  const root = session.projectRoot;
  const me = session.brainId;
  if (r.status !== 'ok' || !root || !me) return r;
  const w = await waitingHandover(root, me, await input.langOf()).catch(() => null);
  const out = w?.foreign.length ? { ...r, data: { ...r.data, handovers_from_elsewhere: w.foreign } } : r;
  if (w?.next) {
    const { tool, handover_id, reason } = w.next;
    return { ...out, data: { ...out.data, required_action: { tool, args: { handover_id }, reason } } };
  }
  if (w?.choose.length) return { ...out, data: { ...out.data, candidate_handovers: w.choose, choose: w.chooseReason } };
  return out;
}

/** work_publish: the records go to the upstream, and shared handovers whose push failed earlier go out with them. */
export async function publishWithShares(
  input: Parameters<typeof publishWork>[0],
  handover: () => Promise<HandoverContext>,
): Promise<ToolResult> {
  const r = await publishWork(input);
  if (!(await hasPendingShares(input.projectRoot))) return r;
  return { ...r, data: { ...r.data, ...(await retryPendingShares(await handover())) } };
}
