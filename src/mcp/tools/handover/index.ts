import type { ToolDef } from '../../tool.js';

export const handoverTools: ToolDef[] = [];
