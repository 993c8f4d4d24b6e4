import * as z from 'zod';
import { type HandoverContext, HandoverStore, createHandoverContext } from '../../../handover/index.js';
import { normalizeBrain } from '../../../shared/brains.js';
import { HANDOVER_ID_PATTERN } from '../../../shared/ids.js';
import { IssueId } from '../../schema.js';
import type { ToolResult } from '../../../shared/result.js';
import { requireProject } from '../../context.js';
import type { ToolContext } from '../../tool.js';

/** Runs a handover operation in the connection's project, or asks for work_session_start first. */
export async function inProject(ctx: ToolContext, fn: (h: HandoverContext) => Promise<ToolResult>): Promise<ToolResult> {
  const project = await requireProject(ctx);
  if ('result' in project) return project.result;
  return fn(await handoverContext(ctx, project.root));
}

/** The handover capability for one project, wired from the connection's dependencies. */
export async function handoverContext(ctx: ToolContext, root: string): Promise<HandoverContext> {
  let stores = ctx.memo.get('handover-stores') as Map<string, HandoverStore> | undefined;
  if (!stores) {
    stores = new Map();
    ctx.memo.set('handover-stores', stores);
  }
  const sessionBrain = ctx.session.brainId ?? (ctx.client?.name ? normalizeBrain(ctx.client.name, 'unknown') : null);
  return createHandoverContext({
    root,
    sessionBrain,
    defaultIssue: ctx.session.defaultIssue,
    git: ctx.deps.git,
    now: ctx.deps.now,
    env: ctx.deps.env,
    userConfigDir: ctx.deps.userConfigDir,
    stores,
    audience: ctx.deps.audience,
  });
}

// Checked with refinements rather than JSON-schema patterns: same safety, fewer bytes in every prompt.
const isoDate = (v: string) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v));

export const fields = {
  issue_id: IssueId.optional(),
  handover_id: z
    .string()
    .max(200)
    .refine((v) => HANDOVER_ID_PATTERN.test(v), 'not a handover id')
    .optional(),
  client: z.string().min(1).max(64).optional(),
  brain: z.string().min(1).max(64),
  notes: z.string().max(20_000).optional(),
  session_log_path: z.string().min(1).max(4096).optional(),
  share: z.boolean().optional(),
  date: z.string().max(40).refine(isoDate, 'must be an ISO 8601 date or date-time').optional(),
};
