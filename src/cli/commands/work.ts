import { cliVerbs } from '../../mcp/tools/index.js';
import { toolGroup, type CliGroup } from '../tool-runner.js';

const USAGE = `usage: butler work <verb> [--project DIR] [--json]
  start    [--issue N]                     set the default issue (kept for this clone); without --issue, clear it
  observe  [--issue N]                     work state, ahead/behind, changed paths, next step
  diff     [--path P] [--full] [--record ID]
  history  [-n N] [--path P]
  record   -m MESSAGE [--issue N ...] [--no-issue]
  publish
  sync                                     fetch the upstream and bring its records in (clean tree only)
  finish   [--issue N]                     proposes the remaining steps; does nothing itself
butler work <verb> --help lists the options of one verb. Exit: 0 ok, 1 error, 2 usage, 3 needs input.`;

/**
 * `butler work <verb>`: the work tools without an agent. The CLI's work session is bound by
 * --project (work_session_start has no verb); `--issue N` on a verb whose tool takes no issue is
 * the default issue of that one call.
 */
export const workGroup: CliGroup = {
  name: 'work',
  usage: USAGE,
  verbs: cliVerbs('work'),
};

export const work = toolGroup(workGroup);
