import type { ToolDef } from '../tool.js';
import { handoverTools } from './handover/index.js';
import { issueTools } from './issue/index.js';
import { workTools } from './work/index.js';
import { workerOnlyTools } from './worker/index.js';

/** The 25 brain-facing tools, in the order clients list them. No git_* or gitea_* here. */
export const brainTools: ToolDef[] = [...workTools, ...issueTools, ...handoverTools];

/** `butler mcp --worker`: low-level operations for workers and humans, never for brains. */
export const workerTools: ToolDef[] = [...workerOnlyTools];
