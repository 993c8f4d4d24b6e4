import type { ToolDef } from '../../tool.js';
import { gitCommit } from './commit.js';
import { gitDiff } from './diff.js';
import { gitLog } from './log.js';
import { gitPush } from './push.js';
import { gitStatus } from './status.js';
import { issueWorkerTools } from '../issue/worker.js';

/** `butler mcp --worker` only. The brain server must never list these (pinned by test/mcp/worker.test.ts). */
export const workerOnlyTools: ToolDef[] = [gitStatus, gitDiff, gitLog, gitCommit, gitPush, ...issueWorkerTools];
