import { BUTLER_VERSION } from '../shared/version.js';
import type { CliIO, Command } from './io.js';

const USAGE = `butler — handover snapshots, work records and a raw-git guard for coding agents

Usage:
  butler install [--claude] [--codex] [--project DIR] [--shared] [--dry-run] [--json]
  butler uninstall [--claude] [--codex] [--project DIR] [--dry-run] [--json]
  butler status [--project DIR] [--json]
  butler mcp [--worker]                    stdio MCP server (server name "butler")
  butler hook session-start|pre-tool-use   the hook entry points, reading the client's JSON on stdin
  butler handover suspend|resume|transfer|accept|prepare|read|list|brains [options] [--json]
  butler work start|observe|diff|history|record|publish|finish [options] [--json]
  butler issue read|create|comment|delete-comment|update-title|update-body|reopen|close|approve-url [options] [--json]
  butler guard status|allow|deny|mode …    the raw-git guard's settings (changing them needs a terminal)
  butler demo                              throwaway repo: install, suspend, resume, transfer, accept

Run "butler <command> --help" for the options of one command.`;

/** Lazy imports keep `butler hook pre-tool-use` from loading the MCP SDK. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  install: async () => (await import('./commands/install.js')).install,
  uninstall: async () => (await import('./commands/install.js')).uninstall,
  status: async () => (await import('./commands/install.js')).status,
  mcp: async () => (await import('./commands/mcp.js')).mcp,
  hook: async () => (await import('./commands/hook.js')).hook,
  handover: async () => (await import('./commands/handover.js')).handover,
  work: async () => (await import('./commands/work.js')).work,
  issue: async () => (await import('./commands/issue.js')).issue,
  guard: async () => (await import('./commands/guard.js')).guard,
  demo: async () => (await import('./commands/demo.js')).demo,
};

export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    if (name) io.stdout(`${USAGE}\n`);
    else io.stderr(`${USAGE}\n`);
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${BUTLER_VERSION}\n`);
    return 0;
  }
  const load = COMMANDS[name];
  if (!load) {
    io.stderr(`butler: unknown command "${name}"\n\n${USAGE}\n`);
    return 2;
  }
  return (await load())(rest, io);
}
