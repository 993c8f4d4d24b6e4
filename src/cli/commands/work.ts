import { cliVerbs } from '../../mcp/tools/index.js';
import { cliUsage } from '../messages/usage.js';
import { toolGroup, type CliGroup } from '../tool-runner.js';

/**
 * `butler work <verb>`: the work tools without an agent. The CLI's work session is bound by
 * --project (work_session_start has no verb); `--issue N` on a verb whose tool takes no issue is
 * the default issue of that one call.
 */
export const workGroup: CliGroup = {
  name: 'work',
  usage: (lang, flags) => cliUsage(lang).work(flags),
  verbs: cliVerbs('work'),
};

export const work = toolGroup(workGroup);
