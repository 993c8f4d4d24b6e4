import path from 'node:path';
import { snapshotBrains } from '../../handover/index.js';
import { cliVerbs } from '../../mcp/tools/index.js';
import { PERSON_BRAIN } from '../../shared/brains.js';
import { findProjectRoot } from '../../shared/root.js';
import type { Command } from '../io.js';
import { EXIT } from '../outcome.js';
import { cliLang } from '../lang.js';
import { cliErrors } from '../messages/errors.js';
import { cliUsage } from '../messages/usage.js';
import { toolGroup, type CliGroup } from '../tool-runner.js';

const VERBS = cliVerbs('handover');

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

/** The brains that left snapshots in the project of `--project` (or the current folder). */
function brainsWithSnapshots(cwd: string, project: string | undefined): Promise<string[]> {
  const start = path.resolve(cwd, project ?? '.');
  return snapshotBrains(findProjectRoot(start) ?? start);
}
