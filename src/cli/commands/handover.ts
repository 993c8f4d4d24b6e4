import { handoverTools } from '../../mcp/tools/handover/index.js';
import type { Command } from '../io.js';
import { runToolFromCli } from '../tool-runner.js';

const VERBS: Record<string, string> = {
  suspend: 'handover_suspend',
  resume: 'handover_resume',
  transfer: 'handover_transfer',
  accept: 'handover_accept',
  prepare: 'handover_prepare',
  read: 'handover_read',
  list: 'handover_list',
  brains: 'handover_list_brains',
};

/** `butler handover <verb>`: the handover tools without an agent, same options as the MCP tools. */
export const handover: Command = async (argv, io) => {
  const [verb, ...rest] = argv;
  const tool = handoverTools.find((t) => t.name === VERBS[verb ?? '']);
  if (!tool) {
    const usage = `usage: butler handover ${Object.keys(VERBS).join('|')} [--project DIR] [--client BRAIN] [--json] [options]\n` +
      `  butler handover <verb> --help lists the options of one verb.\n`;
    const asked = verb === '--help' || verb === '-h' || verb === 'help';
    (asked ? io.stdout : io.stderr)(usage);
    return asked ? 0 : 2;
  }
  return runToolFromCli(tool, rest, io, { defaultIssueFlag: false });
};
