import { workDiff } from '../../mcp/tools/work/diff.js';
import { workFinish } from '../../mcp/tools/work/finish.js';
import { workHistory } from '../../mcp/tools/work/history.js';
import { workObserve } from '../../mcp/tools/work/observe.js';
import { workPublish } from '../../mcp/tools/work/publish.js';
import { workRecord } from '../../mcp/tools/work/record.js';
import { workStart } from '../../mcp/tools/work/start.js';
import { workSync } from '../../mcp/tools/work/sync.js';
import { cliUsage } from '../messages/usage.js';
import { toolGroup, type CliGroup } from '../tool-runner.js';

/**
 * `butler work <verb>`: the work tools without an agent. The CLI's work session is bound by
 * --project (work_session_start has no verb); `--issue N` on a verb whose tool takes no issue is
 * the default issue of that one call.
 */
export const workGroup: CliGroup = {
  name: 'work',
  usage: (lang) => cliUsage(lang).work,
  verbs: {
    start: workStart,
    observe: workObserve,
    diff: workDiff,
    history: workHistory,
    record: workRecord,
    publish: workPublish,
    sync: workSync,
    finish: workFinish,
  },
};

export const work = toolGroup(workGroup);
