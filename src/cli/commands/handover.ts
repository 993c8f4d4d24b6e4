import path from 'node:path';
import * as z from 'zod';
import { retireHandover } from '../../handover/retire.js';
import { HandoverStore } from '../../handover/store.js';
import { defineTool } from '../../mcp/tool.js';
import { handoverAccept } from '../../mcp/tools/handover/accept.js';
import { handoverListBrains } from '../../mcp/tools/handover/list-brains.js';
import { handoverList } from '../../mcp/tools/handover/list.js';
import { handoverPrepare } from '../../mcp/tools/handover/prepare.js';
import { handoverRead } from '../../mcp/tools/handover/read.js';
import { handoverResume } from '../../mcp/tools/handover/resume.js';
import { fields, inProject } from '../../mcp/tools/handover/shared.js';
import { handoverSuspend } from '../../mcp/tools/handover/suspend.js';
import { handoverTransfer } from '../../mcp/tools/handover/transfer.js';
import { PERSON_BRAIN } from '../../shared/brains.js';
import { findProjectRoot } from '../../shared/root.js';
import type { Command } from '../io.js';
import { EXIT } from '../outcome.js';
import { cliLang } from '../lang.js';
import { cliErrors } from '../messages/errors.js';
import { cliUsage } from '../messages/usage.js';
import { toolGroup, type CliGroup } from '../tool-runner.js';

/**
 * For people only (not brain-facing, so not in the MCP surface): take a snapshot out of selection.
 * A tool definition all the same, so the runner gives it the same flags, checks and envelope.
 */
export const handoverRetire = defineTool({
  name: 'handover_retire',
  config: {
    title: 'Retire a snapshot',
    description: 'butler handover retire ID [--reason TEXT]: never offer this snapshot again; recorded in the index, the file stays.',
    inputSchema: z.object({
      handover_id: fields.handover_id.unwrap(),
      reason: z.string().max(500).optional(),
      client: fields.client,
    }),
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
  handler: (args, ctx) => inProject(ctx, (h) => retireHandover(h, args)),
});

const VERBS = {
  suspend: handoverSuspend,
  resume: handoverResume,
  transfer: handoverTransfer,
  accept: handoverAccept,
  prepare: handoverPrepare,
  read: handoverRead,
  list: handoverList,
  brains: handoverListBrains,
  retire: handoverRetire,
};

/** `butler handover <verb>`: the handover tools without an agent, same options as the MCP tools. */
export const handoverGroup: CliGroup = {
  name: 'handover',
  usage: (lang) => cliUsage(lang).handover(Object.keys(VERBS).join('|')),
  verbs: VERBS,
  // `retire ID` (and `read ID`): a snapshot id may come by position.
  positionals: ['handover_id'],
};

const tools = toolGroup(handoverGroup);

export const handover: Command = async (argv, io) => {
  const [verb, ...args] = argv;
  // A person's verb, not a tool: it asks for consent (share-preview.ts).
  if (verb === 'share-preview') return (await import('./share-preview.js')).sharePreview(args, io);
  if (args.includes('--help') || args.includes('-h')) return tools(argv, io);
  // A person resumes their own snapshots (brain `person`); with none, only agents' ones: ask whose.
  if (verb === 'resume' && !io.env.BUTLER_BRAIN && !args.some((a) => /^--client(=|$)/.test(a))) {
    const brains = await brainsWithSnapshots(io.cwd, flagValue(args, '--project'));
    if (brains.length && !brains.some((b) => b.startsWith(`${PERSON_BRAIN} (`))) {
      const t = cliErrors(await cliLang(io, flagValue(args, '--project')));
      io.stderr(`butler handover resume: ${t.whoseWork(brains.join(', '))}\n  ${t.passClient(brains[0]!.split(' ')[0]!)}\n`);
      return EXIT.usage;
    }
  }
  return tools(argv, io);
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
