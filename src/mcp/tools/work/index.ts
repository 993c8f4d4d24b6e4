import type { ToolDef } from '../../tool.js';
import { workDiff } from './diff.js';
import { workFinish } from './finish.js';
import { workHistory } from './history.js';
import { workObserve } from './observe.js';
import { workPublish } from './publish.js';
import { workRecord } from './record.js';
import { workSessionStart } from './session-start.js';
import { workStart } from './start.js';
import { workSync } from './sync.js';

export const workTools: ToolDef[] = [
  workSessionStart,
  workStart,
  workObserve,
  workDiff,
  workHistory,
  workRecord,
  workPublish,
  workSync,
  workFinish,
];
