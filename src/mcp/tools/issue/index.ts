import type { ToolDef } from '../../tool.js';

export const issueTools: ToolDef[] = [];
