import type { ToolDef } from '../../tool.js';

export const workerOnlyTools: ToolDef[] = [];
