import { BUTLER_VERSION } from '../shared/version.js';
import type { CliIO, Command } from './io.js';
import { didYouMean } from './suggest.js';

/** One line per command, in help order; a command's line shows only where that command exists. */
const LINES: [command: string, line: string][] = [
  [
    'install',
    'butler install [--claude] [--codex] [--project DIR] [--personal] [--session-end|--no-session-end] [--lang ja|en] [--force] [--dry-run] [--json]',
  ],
  ['uninstall', 'butler uninstall [--claude] [--codex] [--project DIR] [--dry-run] [--json]'],
  ['status', 'butler status [--project DIR] [--json]'],
  ['mcp', 'butler mcp [--worker]                    stdio MCP server (server name "butler")'],
  ['hook', "butler hook session-start|pre-tool-use   the hook entry points, reading the client's JSON on stdin"],
  ['handover', 'butler handover suspend|resume|transfer|accept|prepare|read|list|brains|retire [options] [--json]'],
  ['work', 'butler work start|observe|diff|history|record|publish|sync|finish [options] [--json]'],
  ['issue', 'butler issue list|read|create|comment|delete-comment|update-title|update-body|reopen|close|approve-url [options] [--json]'],
  ['guard', "butler guard status|allow|deny|mode …    the raw-git guard's settings (changing them needs a terminal)"],
  ['demo', 'butler demo                              throwaway repo: install, suspend, resume, transfer, accept'],
];

/** Where the commands the vendored runtime lacks are (it is the committed copy in .butler/bin/). */
const FULL_CLI =
  "the full CLI: the butler skill's scripts/butler.mjs (.agents/skills/ or .claude/skills/), hooks/butler.mjs in a Butler checkout, or npx agent-butler";

export function usage(commands: Commands): string {
  const lacking = LINES.filter(([c]) => !commands[c]).map(([c]) => c);
  return [
    'butler — handover snapshots, work records and a raw-git guard for coding agents',
    '',
    'Usage:',
    ...LINES.filter(([c]) => commands[c]).map(([, l]) => `  ${l}`),
    '',
    'Run "butler <command> --help" for the options of one command.',
    ...(lacking.length ? [`This is the vendored runtime (.butler/bin/); ${lacking.join(', ')} are in ${FULL_CLI}.`] : []),
  ].join('\n');
}

export type Commands = Record<string, () => Promise<Command>>;

/**
 * What the vendored runtime (.butler/bin/butler.mjs) runs. Lazy imports keep `butler hook
 * pre-tool-use` from loading the MCP SDK. The installer's commands (install, uninstall, status, demo)
 * live in main.ts, outside this module's import graph: the runtime is committed in every user
 * repository, so its size is budgeted (scripts/build.mjs).
 */
export const RUNTIME: Commands = {
  mcp: async () => (await import('./commands/mcp.js')).mcp,
  hook: async () => (await import('./commands/hook.js')).hook,
  handover: async () => (await import('./commands/handover.js')).handover,
  work: async () => (await import('./commands/work.js')).work,
  issue: async () => (await import('./commands/issue.js')).issue,
};

const INSTALLER = ['install', 'uninstall', 'status', 'demo', 'guard'];

export function runRuntime(argv: string[], io: CliIO): Promise<number> {
  if (INSTALLER.includes(argv[0] ?? '')) {
    io.stderr(`butler ${argv[0]}: not in the vendored runtime (.butler/bin/); run it with ${FULL_CLI} ${argv[0]}\n`);
    return Promise.resolve(2);
  }
  return dispatch(RUNTIME, argv, io);
}

export async function dispatch(commands: Commands, argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    (name ? io.stdout : io.stderr)(`${usage(commands)}\n`);
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${BUTLER_VERSION}\n`);
    return 0;
  }
  const load = commands[name];
  if (!load) {
    io.stderr(`butler: unknown command ${name}${didYouMean(name, Object.keys(commands))}\n  butler --help lists the commands.\n`);
    return 2;
  }
  return (await load())(rest, io);
}
