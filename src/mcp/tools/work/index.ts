import type { ToolDef } from '../../tool.js';
import { workSessionStart } from './session-start.js';
import { workStart } from './start.js';

export const workTools: ToolDef[] = [workSessionStart, workStart];
