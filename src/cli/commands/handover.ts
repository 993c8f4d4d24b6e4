import path from 'node:path';
import { snapshotBrains } from '../../handover/index.js';
import { cliVerbs } from '../../mcp/tools/index.js';
import { PERSON_BRAIN } from '../../shared/brains.js';
import { findProjectRoot } from '../../shared/root.js';
import type { Command } from '../io.js';
import { EXIT } from '../outcome.js';
import { toolGroup, type CliGroup } from '../tool-runner.js';

const VERBS = cliVerbs('handover');

/** `butler handover <verb>`: the handover tools without an agent, same options as the MCP tools. */
export const handoverGroup: CliGroup = {
  name: 'handover',
  usage:
    `usage: butler handover ${Object.keys(VERBS).join('|')} [--project DIR] [--client BRAIN] [--json] [options]\n` +
    `  butler handover share-preview [ID] [--issue N]: what a share pushes; the person allows sharing from this clone.\n` +
    `  butler handover <verb> --help lists the options of one verb.`,
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
      io.stderr(
        `butler handover resume: whose work? Snapshots here are from: ${brains.join(', ')}.\n` +
          `  Pass --client BRAIN (e.g. --client ${brains[0]!.split(' ')[0]}) or set BUTLER_BRAIN.\n`,
      );
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

/** The brains that left snapshots in the project of `--project` (or the current folder). */
function brainsWithSnapshots(cwd: string, project: string | undefined): Promise<string[]> {
  const start = path.resolve(cwd, project ?? '.');
  return snapshotBrains(findProjectRoot(start) ?? start);
}
