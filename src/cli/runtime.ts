import { CLIENTS } from '../shared/clients/index.js';
import type { Lang } from '../shared/config.js';
import { BUTLER_VERSION } from '../shared/version.js';
import { GLOBAL_FLAGS, globalFlagOf } from './global-flags.js';
import type { CliIO, Command } from './io.js';
import { cliLang, takeLang, withLang } from './lang.js';
import { cliErrors } from './messages/errors.js';
import { cliUsage } from './messages/usage.js';
import { jsonUsage } from './outcome.js';
import { didYouMean, nearest } from './suggest.js';

/** `[--claude] [--codex] [--gemini]`: one flag per record of the client table. */
const CLIENT_USAGE = CLIENTS.map((c) => `[--${c.key}]`).join(' ');

/** One line per command, in help order; a command's line shows only where that command exists. */
const LINES: [command: string, line: string][] = [
  [
    'install',
    `butler install ${CLIENT_USAGE} [--project DIR] [--personal] [--session-end|--no-session-end] [--lang ja|en] [--force] [--dry-run] [--json]`,
  ],
  ['uninstall', `butler uninstall ${CLIENT_USAGE} [--project DIR] [--dry-run] [--json]`],
  ['status', 'butler status [--project DIR] [--json]'],
  ['mcp', 'butler mcp [--worker]                    '],
  ['hook', 'butler hook session-start|pre-tool-use   '],
  ['handover', 'butler handover suspend|resume|transfer|accept|prepare|read|list|brains|retire|share-preview [options] [--json]'],
  ['work', 'butler work start|observe|diff|history|record|publish|sync|finish [options] [--json]'],
  ['issue', 'butler issue list|read|create|comment|delete-comment|update-title|update-body|reopen|close|approve-url [options] [--json]'],
  ['guard', 'butler guard status|allow|deny|mode …    '],
  ['demo', 'butler demo                              '],
];

/** The overview; the vendored runtime (.butler/bin/) also says where the commands it lacks are. */
export function usage(commands: Commands, lang: Lang = 'en'): string {
  const t = cliUsage(lang);
  const lacking = LINES.filter(([c]) => !commands[c]).map(([c]) => c);
  return [
    t.title,
    '',
    t.usageHead,
    ...LINES.filter(([c]) => commands[c]).map(([c, l]) => `  ${l.replace('[options]', `[${t.options}]`)}${t.line[c] ?? ''}`),
    '',
    t.moreHelp,
    ...(lacking.length ? [t.vendored(lacking.join(', '), t.fullCli)] : []),
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

export async function runRuntime(argv: string[], io: CliIO): Promise<number> {
  if (INSTALLER.includes(argv[0] ?? '')) {
    const taken = takeLang(argv);
    const lang = await cliLang(withLang(io, taken.lang));
    io.stderr(`butler ${argv[0]}: ${cliErrors(lang).notInRuntime(argv[0]!, cliUsage(lang).fullCli)}\n`);
    return 2;
  }
  return dispatch(RUNTIME, argv, io, INSTALLER);
}

/** `elsewhere`: commands of the full CLI these `commands` lack (the vendored runtime's), named in "did you mean" with where they are. */
export async function dispatch(commands: Commands, given: string[], io0: CliIO, elsewhere: readonly string[] = []): Promise<number> {
  // `--lang` belongs to every command (lang.ts); install also records it, so it keeps the flag.
  const taken = takeLang(given);
  const io = withLang(io0, taken.lang);
  const hoisted = hoistGlobals(given);
  const argv = hoisted[0] === 'install' ? hoisted : hoistGlobals(taken.argv);
  const [name, ...rest] = argv;
  if (taken.bad !== null && name !== 'install') {
    const t = cliErrors(await cliLang(io));
    // Then where the options are, as every usage error: the command's (and verb's) typed before any flag, else the commands.
    const flag = argv.findIndex((w) => w.startsWith('-'));
    const words = (flag < 0 ? argv : argv.slice(0, flag)).slice(0, 2);
    const known = name && commands[name];
    const pointer = known ? t.listsOptions(`butler ${words.join(' ')}`) : t.listsCommands;
    // Named by the command (and verb) as its other errors are (#25 walk-through 16: `butler status --lang` said `butler:`).
    io.stderr(
      `butler${known ? ` ${words.join(' ')}` : ''}: ${taken.bad ? `${t.badLang(taken.bad)}${didYouMean(taken.bad, ['ja', 'en'], t)}` : t.needsValue('--lang')}\n  ${pointer}\n`,
    );
    return 2;
  }
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    (name ? io.stdout : io.stderr)(`${usage(commands, await cliLang(io))}\n`);
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${BUTLER_VERSION}\n`);
    return 0;
  }
  const load = commands[name];
  return jsonUsage(rest, io, async (io) => {
    if (load) return (await load())(rest, io);
    const lang = await cliLang(io);
    const t = cliErrors(lang);
    // A typo of a command the runtime lacks (#25 final walk-through: `statsu` had no suggestion): named, and where it is.
    const near = nearest(name, [...Object.keys(commands), ...elsewhere]);
    const where = near && elsewhere.includes(near) ? `  ${t.notInRuntime(near, cliUsage(lang).fullCli)}\n` : '';
    io.stderr(`butler: ${t.unknownCommand(name)}${near ? t.didYouMean(near) : ''}\n${where}  ${t.listsCommands}\n`);
    return 2;
  });
}

/**
 * `butler --project DIR status` as `butler status --project DIR` (#25: it said "unknown command --project"): the
 * global flags typed before the command move after its words (before a `--`), where every command parses them.
 */
export function hoistGlobals(argv: string[]): string[] {
  const lead: string[] = [];
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    const flag = globalFlagOf(a);
    if (flag === null) break;
    lead.push(a);
    if (GLOBAL_FLAGS[flag].value && !a.includes('=') && i + 1 < argv.length) lead.push(argv[++i]!);
  }
  if (lead.length === 0 || i >= argv.length) return argv;
  const rest = argv.slice(i);
  const end = rest.indexOf('--');
  return end < 0 ? [...rest, ...lead] : [...rest.slice(0, end), ...lead, ...rest.slice(end)];
}
