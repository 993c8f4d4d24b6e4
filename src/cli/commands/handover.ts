import * as z from 'zod';
import { retireHandover } from '../../handover/retire.js';
import { defineTool } from '../../mcp/tool.js';
import { fields, inProject } from '../../mcp/tools/handover/shared.js';
import { handoverTools } from '../../mcp/tools/handover/index.js';
import path from 'node:path';
import { HandoverStore } from '../../handover/store.js';
import { findProjectRoot } from '../../shared/root.js';
import type { Command } from '../io.js';
import { EXIT } from '../outcome.js';
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
    return asked ? EXIT.ok : EXIT.usage;
  }
  // `retire ID`: the one verb whose subject is positional.
  const args = verb === 'retire' && rest[0] && !rest[0].startsWith('-') ? ['--handover-id', rest[0], ...rest.slice(1)] : rest;
  if (verb === 'transfer' && !args.some((a) => /^--(target-brain|target)(=|$)/.test(a)) && !args.includes('--help')) {
    io.stderr('butler handover transfer: --target-brain BRAIN is required (the ids: butler handover brains)\n');
    return EXIT.usage;
  }
  // A person has no MCP client to name them: resume must be told whose snapshot to find.
  if (verb === 'resume' && !io.env.BUTLER_BRAIN && !args.some((a) => /^--client(=|$)/.test(a)) && !args.includes('--help')) {
    const brains = await brainsWithSnapshots(io.cwd, flagValue(args, '--project'));
    if (brains.length) {
      io.stderr(
        `butler handover resume: whose work? Snapshots here are from: ${brains.join(', ')}.\n` +
          `  Pass --client BRAIN (e.g. --client ${brains[0]!.split(' ')[0]}) or set BUTLER_BRAIN.\n`,
      );
      return EXIT.usage;
    }
  }
  return runToolFromCli(tool, args, io);
};

function flagValue(args: string[], flag: string): string | undefined {
  const i = args.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
  if (i < 0) return undefined;
  return args[i]!.includes('=') ? args[i]!.slice(flag.length + 1) : args[i + 1];
}

/** The brains that left snapshots in this project, with how many: `claude-code (2)`. */
async function brainsWithSnapshots(cwd: string, project: string | undefined): Promise<string[]> {
  const start = path.resolve(cwd, project ?? '.');
  const entries = await new HandoverStore(findProjectRoot(start) ?? start).entries().catch(() => []);
  const count = new Map<string, number>();
  for (const e of entries) count.set(e.source_brain, (count.get(e.source_brain) ?? 0) + 1);
  return [...count].map(([b, n]) => `${b} (${n})`);
}
