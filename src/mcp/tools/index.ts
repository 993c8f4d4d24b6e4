import type { ToolDef } from '../tool.js';
import { handoverAccept } from './handover/accept.js';
import { handoverList } from './handover/list.js';
import { handoverListBrains } from './handover/list-brains.js';
import { handoverPrepare } from './handover/prepare.js';
import { handoverRead } from './handover/read.js';
import { handoverResume } from './handover/resume.js';
import { handoverRetire } from './handover/retire.js';
import { handoverSuspend } from './handover/suspend.js';
import { handoverTransfer } from './handover/transfer.js';
import { issueClose } from './issue/close.js';
import { issueComment } from './issue/comment.js';
import { issueCreate } from './issue/create.js';
import { issueDeleteComment } from './issue/delete-comment.js';
import { issueList } from './issue/list.js';
import { issueRead } from './issue/read.js';
import { issueReopen } from './issue/reopen.js';
import { issueUpdateBody } from './issue/update-body.js';
import { issueUpdateTitle } from './issue/update-title.js';
import { workDiff } from './work/diff.js';
import { workFinish } from './work/finish.js';
import { workHistory } from './work/history.js';
import { workObserve } from './work/observe.js';
import { workPublish } from './work/publish.js';
import { workRecord } from './work/record.js';
import { workSessionStart } from './work/session-start.js';
import { workStart } from './work/start.js';
import { workSync } from './work/sync.js';
import { gitCommit } from './worker/commit.js';
import { gitDiff } from './worker/diff.js';
import { issueBackendCreate } from './worker/issue-create.js';
import { issueBackendInfo } from './worker/issue-info.js';
import { issueBackendLabels } from './worker/issue-labels.js';
import { issueBackendRead } from './worker/issue-read.js';
import { gitLog } from './worker/log.js';
import { gitPush } from './worker/push.js';
import { gitStatus } from './worker/status.js';

/** The CLI verb groups whose verbs are tools (`butler work observe`): a tool's group is its name's first word. */
export type ToolGroup = 'work' | 'issue' | 'handover';

/**
 * One row per tool definition. `surface`: `brain` is the MCP server brains see, `person` only the CLI
 * (no MCP tool: a brain never retires a snapshot, and the issue list is not worth its prompt bytes),
 * `worker` only `butler mcp --worker`. `verb`: the CLI verb that runs the tool, under `butler <group>` where the
 * group is the first word of the tool's name.
 */
export interface ToolEntry {
  tool: ToolDef;
  surface: 'brain' | 'person' | 'worker';
  verb?: string;
}

// Rows written as calls: the inventory is in the vendored runtime, whose size is bounded (scripts/build.mjs).
const brain = (tool: ToolDef, verb?: string): ToolEntry => ({ tool, surface: 'brain', verb });
const person = (tool: ToolDef, verb: string): ToolEntry => ({ tool, surface: 'person', verb });
const worker = (tool: ToolDef): ToolEntry => ({ tool, surface: 'worker' });

/**
 * The one tool inventory (docs/decisions.md D38), in the order clients list the tools and the CLI its
 * verbs. The MCP server registers from it, the CLI groups take their verbs from it, and
 * test/mcp/inventory.test.ts checks the README's tool tables and verb lines against it.
 */
export const TOOL_INVENTORY: readonly ToolEntry[] = [
  brain(workSessionStart),
  brain(workStart, 'start'),
  brain(workObserve, 'observe'),
  brain(workDiff, 'diff'),
  brain(workHistory, 'history'),
  brain(workRecord, 'record'),
  brain(workPublish, 'publish'),
  brain(workSync, 'sync'),
  brain(workFinish, 'finish'),
  person(issueList, 'list'),
  brain(issueRead, 'read'),
  brain(issueCreate, 'create'),
  brain(issueComment, 'comment'),
  brain(issueDeleteComment, 'delete-comment'),
  brain(issueUpdateTitle, 'update-title'),
  brain(issueUpdateBody, 'update-body'),
  brain(issueReopen, 'reopen'),
  brain(issueClose, 'close'),
  brain(handoverSuspend, 'suspend'),
  brain(handoverResume, 'resume'),
  brain(handoverTransfer, 'transfer'),
  brain(handoverAccept, 'accept'),
  brain(handoverPrepare, 'prepare'),
  brain(handoverRead, 'read'),
  brain(handoverList, 'list'),
  brain(handoverListBrains, 'brains'),
  person(handoverRetire, 'retire'),
  worker(gitStatus),
  worker(gitDiff),
  worker(gitLog),
  worker(gitCommit),
  worker(gitPush),
  worker(issueBackendInfo),
  worker(issueBackendRead),
  worker(issueBackendCreate),
  worker(issueBackendLabels),
];

const on = (surface: ToolEntry['surface']) => TOOL_INVENTORY.filter((e) => e.surface === surface).map((e) => e.tool);

/** The 25 brain-facing tools, in the order clients list them. No git_* or issue_backend_* here. */
export const brainTools: ToolDef[] = on('brain');

/** `butler mcp --worker`: low-level operations for workers and humans, never for brains (test/mcp/worker.test.ts). */
export const workerTools: ToolDef[] = on('worker');

/** The verbs of `butler <group>`, each the tool it runs, in inventory order. */
export function cliVerbs(group: ToolGroup): Record<string, ToolDef> {
  return Object.fromEntries(TOOL_INVENTORY.flatMap((e) => (e.verb && e.tool.name.startsWith(`${group}_`) ? [[e.verb, e.tool]] : [])));
}
