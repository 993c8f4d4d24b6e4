import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { describeIssueBackend, openIssueBackend } from '../../../issues/index.js';
import type { IssueBackend } from '../../../issues/types.js';
import { ButlerError, invalidArgument } from '../../../shared/errors.js';
import { IssueId } from '../../../shared/ids.js';
import { ok, type ToolResult } from '../../../shared/result.js';
import { currentBrain } from '../../context.js';
import { defineTool, type ToolContext, type ToolDef } from '../../tool.js';

/**
 * Worker surface (`butler mcp --worker`): raw tracker calls without the brain-facing text rules.
 * No session there, so every call names its project.
 */
const ProjectRoot = z.string().min(1);

async function rootOf(projectRoot: string): Promise<string> {
  if (!path.isAbsolute(projectRoot)) throw invalidArgument('project_root must be absolute', 'Pass the absolute project path.');
  const stat = await fsp.stat(projectRoot).catch(() => null);
  if (!stat?.isDirectory()) throw invalidArgument('project_root is not a folder', 'Pass an existing project folder.');
  return fsp.realpath(projectRoot);
}

async function backendFor(args: { project_root: string }, ctx: ToolContext): Promise<IssueBackend> {
  return openIssueBackend({
    projectRoot: await rootOf(args.project_root),
    env: ctx.deps.env,
    userConfigDir: ctx.deps.userConfigDir,
    author: currentBrain(ctx) ?? 'worker',
    now: ctx.deps.now,
  });
}

const issueBackendInfo = defineTool({
  name: 'issue_backend_info',
  config: {
    title: 'Issue backend info',
    description: 'Which tracker .butler/config.yaml selects, and whether its token variable is set (never the token).',
    inputSchema: z.object({ project_root: ProjectRoot }),
    annotations: { readOnlyHint: true },
  },
  handler: async (args, ctx): Promise<ToolResult> => {
    const info = await describeIssueBackend(await rootOf(args.project_root), ctx.deps.env, ctx.deps.userConfigDir);
    return ok(`Issue backend: ${info.backend}`, { ...info });
  },
});

const issueBackendRead = defineTool({
  name: 'issue_backend_read',
  config: {
    title: 'Raw issue read',
    description: 'Read an issue with its last n comments (default 100).',
    inputSchema: z.object({ project_root: ProjectRoot, issue_id: IssueId, n: z.number().int().min(0).max(1000).optional() }),
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  handler: async (args, ctx): Promise<ToolResult> => {
    const issue = await (await backendFor(args, ctx)).read(args.issue_id, args.n ?? 100);
    return ok(`#${issue.id} ${issue.title}`, { issue });
  },
});

const issueBackendCreate = defineTool({
  name: 'issue_backend_create',
  config: {
    title: 'Raw issue create',
    description: 'Create an issue as given: no structured-body check. Labels are names.',
    inputSchema: z.object({
      project_root: ProjectRoot,
      title: z.string().trim().min(1).max(256),
      body: z.string().optional(),
      label_names: z.array(z.string().min(1)).max(20).optional(),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  },
  handler: async (args, ctx): Promise<ToolResult> => {
    if (/[\r\n]/.test(args.title)) throw new ButlerError('invalid_title', 'Title has a line break', 'Use one line.');
    const issue = await (await backendFor(args, ctx)).create(args.title, args.body, args.label_names);
    return ok(`Created #${issue.id}`, { issue });
  },
});

const issueBackendLabels = defineTool({
  name: 'issue_backend_labels',
  config: {
    title: 'Tracker labels',
    description: 'Label names the tracker knows (local: names used so far).',
    inputSchema: z.object({ project_root: ProjectRoot }),
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  handler: async (args, ctx): Promise<ToolResult> => {
    const labels = await (await backendFor(args, ctx)).listLabels();
    return ok(`${labels.length} label${labels.length === 1 ? '' : 's'}`, { labels });
  },
});

/** For `src/mcp/tools/worker/index.ts` to list; never part of the brain-facing surface. */
export const issueWorkerTools: ToolDef[] = [issueBackendInfo, issueBackendRead, issueBackendCreate, issueBackendLabels];
