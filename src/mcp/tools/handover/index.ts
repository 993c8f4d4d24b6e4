import type { ToolDef } from '../../tool.js';
import { handoverAccept } from './accept.js';
import { handoverList } from './list.js';
import { handoverListBrains } from './list-brains.js';
import { handoverPrepare } from './prepare.js';
import { handoverRead } from './read.js';
import { handoverResume } from './resume.js';
import { handoverSuspend } from './suspend.js';
import { handoverTransfer } from './transfer.js';

export const handoverTools: ToolDef[] = [
  handoverSuspend,
  handoverResume,
  handoverTransfer,
  handoverAccept,
  handoverPrepare,
  handoverRead,
  handoverList,
  handoverListBrains,
];
