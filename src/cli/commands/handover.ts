import * as z from 'zod';
import { retireHandover } from '../../handover/retire.js';
import { defineTool } from '../../mcp/tool.js';
import { fields, inProject } from '../../mcp/tools/handover/shared.js';
import { handoverTools } from '../../mcp/tools/handover/index.js';
import type { Command } from '../io.js';
import { runToolFromCli } from '../tool-runner.js';

/** For people only (not brain-facing, so not in the MCP surface): take a snapshot out of selection. */
const handoverRetire = defineTool({
  name: 'handover_retire',
  config: {
    title: 'Retire a snapshot',
    description: 'butler handover retire ID [--reason TEXT]: never offer this snapshot again; recorded in the index, the file stays.',
    inputSchema: z.object({ handover_id: fields.handover_id.unwrap(), reason: z.string().max(500).optional(), client: fields.client }),
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
  handler: (args, ctx) => inProject(ctx, (h) => retireHandover(h, args)),
});

const VERBS: Record<string, string> = {
  suspend: 'handover_suspend',
  resume: 'handover_resume',
  transfer: 'handover_transfer',
  accept: 'handover_accept',
  prepare: 'handover_prepare',
  read: 'handover_read',
  list: 'handover_list',
  brains: 'handover_list_brains',
  retire: 'handover_retire',
};

/** `butler handover <verb>`: the handover tools without an agent, same options as the MCP tools. */
export const handover: Command = async (argv, io) => {
  const [verb, ...rest] = argv;
  const tool = [...handoverTools, handoverRetire].find((t) => t.name === VERBS[verb ?? '']);
  if (!tool) {
    const usage = `usage: butler handover ${Object.keys(VERBS).join('|')} [--project DIR] [--client BRAIN] [--json] [options]\n` +
      `  butler handover <verb> --help lists the options of one verb.\n`;
    const asked = verb === '--help' || verb === '-h' || verb === 'help';
    (asked ? io.stdout : io.stderr)(usage);
    return asked ? 0 : 2;
  }
  // `retire ID`: the one verb whose subject is positional.
  const args = verb === 'retire' && rest[0] && !rest[0].startsWith('-') ? ['--handover-id', rest[0], ...rest.slice(1)] : rest;
  return runToolFromCli(tool, args, io, { defaultIssueFlag: false });
};
