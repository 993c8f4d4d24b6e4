import { CommandNamer } from './as-command.js';
import { handoverGroup } from './commands/handover.js';
import { issueGroup } from './commands/issue.js';
import { workGroup } from './commands/work.js';

/** Every CLI verb group whose verbs are MCP tools: how the CLI names a tool to a person. */
export const cliNamer = new CommandNamer([workGroup, issueGroup, handoverGroup]);
