import path from 'node:path';
import { snapshotBrains } from '../../handover/index.js';
import { cliVerbs } from '../../mcp/tools/index.js';
import { PERSON_BRAIN } from '../../shared/brains.js';
import { findProjectRoot } from '../../shared/root.js';
import type { Command } from '../io.js';
import { EXIT } from '../outcome.js';
import { readCliDefaultIssue } from '../default-issue.js';
import { cliLang } from '../lang.js';
import { cliErrors } from '../messages/errors.js';
import { cliUsage } from '../messages/usage.js';
import { toolGroup, type CliGroup } from '../tool-runner.js';

const VERBS = cliVerbs('handover');

/** `butler handover <verb>`: the handover tools without an agent, same options as the MCP tools. */
export const handoverGroup: CliGroup = {
  name: 'handover',
  // share-preview is the person's own verb (no tool): named with the others (walk-through 9: the usage line left it out).
  usage: (lang) => cliUsage(lang).handover([...Object.keys(VERBS), 'share-preview'].join('|')),
  verbs: VERBS,
  extraVerbs: ['share-preview'],
  // `retire ID` (and `read ID`): a snapshot id may come by position.
  positionals: ['handover_id'],
  client: 'brain',
};

const tools = toolGroup(handoverGroup);

export const handover: Command = async (argv, io) => {
  const [verb, ...args] = argv;
  // A person's verb, not a tool: it asks for consent (share-preview.ts).
  if (verb === 'share-preview') return (await import('./share-preview.js')).sharePreview(args, io);
  if (args.includes('--help') || args.includes('-h')) return tools(argv, io);
  // A person resumes their own snapshots (brain `person`); with none, only agents' ones: ask whose.
  if (verb === 'resume' && !io.env.BUTLER_BRAIN && !args.some((a) => /^--client(=|$)/.test(a))) {
    const brains = await brainsWithSnapshots(io.cwd, flagValue(args, '--project'), flagValue(args, '--issue'));
    if (brains.length && !brains.some((b) => b.startsWith(`${PERSON_BRAIN} (`))) {
      const t = cliErrors(await cliLang(io, flagValue(args, '--project')));
      const first = brains[0]!.split(' ')[0]!;
      io.stderr(`butler handover resume: ${t.whoseWork(brains.join(', '))}\n  ${t.passClient(first, rest(args))}\n`);
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

/** The flags the person typed, repeated in the command we suggest. */
function rest(args: string[]): string {
  return args.length ? ` ${args.join(' ')}` : '';
}

/**
 * The brains that left snapshots in the scope resume looks in: `--issue N`, else the CLI's default
 * issue, else the whole project of `--project` (or the current folder).
 */
async function brainsWithSnapshots(cwd: string, project: string | undefined, issue: string | undefined): Promise<string[]> {
  const start = path.resolve(cwd, project ?? '.');
  const root = findProjectRoot(start) ?? start;
  const n = Number(issue);
  const issueId = issue !== undefined && Number.isInteger(n) && n > 0 ? n : await readCliDefaultIssue(root);
  return snapshotBrains(root, issueId);
}
