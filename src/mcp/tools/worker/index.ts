import type { ToolDef } from '../../tool.js';
import { gitCommit } from './commit.js';
import { gitDiff } from './diff.js';
import { gitLog } from './log.js';
import { gitPush } from './push.js';
import { gitStatus } from './status.js';
import { issueBackendCreate } from './issue-create.js';
import { issueBackendInfo } from './issue-info.js';
import { issueBackendLabels } from './issue-labels.js';
import { issueBackendRead } from './issue-read.js';

/** `butler mcp --worker` only. The brain server must never list these (pinned by test/mcp/worker.test.ts). */
export const workerOnlyTools: ToolDef[] = [
  gitStatus,
  gitDiff,
  gitLog,
  gitCommit,
  gitPush,
  issueBackendInfo,
  issueBackendRead,
  issueBackendCreate,
  issueBackendLabels,
];
/** The raw tracker tools among them (pinned by test/mcp/issue-worker.test.ts). */
export const issueWorkerTools: ToolDef[] = workerOnlyTools.filter((t) => t.name.startsWith('issue_backend_'));
