import type { ToolDef } from '../../tool.js';
import { issueClose } from './close.js';
import { issueComment } from './comment.js';
import { issueCreate } from './create.js';
import { issueDeleteComment } from './delete-comment.js';
import { issueRead } from './read.js';
import { issueReopen } from './reopen.js';
import { issueUpdateBody } from './update-body.js';
import { issueUpdateTitle } from './update-title.js';

export const issueTools: ToolDef[] = [
  issueRead,
  issueCreate,
  issueComment,
  issueDeleteComment,
  issueUpdateTitle,
  issueUpdateBody,
  issueReopen,
  issueClose,
];
