import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { normalizeBrain, titleForBrain, upsertBrain } from '../handover/brains.js';
import { invalidArgument } from '../shared/errors.js';
import { ok, type ToolResult } from '../shared/result.js';
import type { GitRunner } from './git.js';
import type { WorkSession } from './session.js';

export interface StartSessionInput {
  projectRoot: string;
  /** MCP clientInfo.name / title, as the client sent them. */
  clientName?: string;
  clientTitle?: string;
}

/**
 * work_session_start: binds this connection to a project and records which brain is here, so that
 * handovers get a real source_brain instead of `unknown` (seed 001).
 */
export async function startWorkSession(
  session: WorkSession,
  input: StartSessionInput,
  deps: { git: GitRunner; now: () => Date },
): Promise<ToolResult> {
  if (!path.isAbsolute(input.projectRoot)) {
    throw invalidArgument('project_root must be an absolute path', 'Pass the absolute path of the repository root.');
  }
  const stat = await fsp.stat(input.projectRoot).catch(() => null);
  if (!stat?.isDirectory()) {
    throw invalidArgument('project_root does not exist or is not a folder', 'Pass an existing repository folder.', {
      project_root: input.projectRoot,
    });
  }
  const root = await fsp.realpath(input.projectRoot);
  const inside = await deps.git(root, ['rev-parse', '--is-inside-work-tree']);
  if (inside.exitCode !== 0 || inside.stdout.trim() !== 'true') {
    throw invalidArgument('project_root is not inside a git work tree', 'Run `git init` there, or pass the repository root.', {
      project_root: root,
    });
  }
  const changedProject = session.projectRoot !== root;
  session.projectRoot = root;
  if (changedProject) session.defaultIssue = null;
  const brainId = input.clientName ? normalizeBrain(input.clientName, 'unknown') : null;
  session.brainId = brainId;
  session.clientTitle = brainId ? titleForBrain(brainId, input.clientTitle) : null;
  if (brainId) await upsertBrain(root, brainId, session.clientTitle, deps.now());
  return ok(`Work session started in ${path.basename(root)}`, {
    project_root: root,
    brain_id: brainId,
    client_title: session.clientTitle,
    default_issue: session.defaultIssue,
    required_action: { tool: 'work_observe', args: {}, reason: 'Check the current work state first.' },
  });
}

/** work_start: sets (or with null clears) the default issue. Locks nothing. */
export function setDefaultIssue(session: WorkSession, issueId: number | null): ToolResult {
  session.defaultIssue = issueId;
  return ok(issueId === null ? 'Default issue cleared' : `Default issue is #${issueId}`, { default_issue: issueId });
}
