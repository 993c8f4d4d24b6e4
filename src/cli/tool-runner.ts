import path from 'node:path';
import { parseArgs } from 'node:util';
import zodJa from 'zod/v4/locales/ja.js';
import type { ServerDeps, ToolDef } from '../mcp/tool.js';
import { brainForClient, PERSON_BRAIN } from '../shared/brains.js';
import { brainFilters, knownClient } from './brain-flags.js';
import { flagError, settled } from './flag-error.js';
import type { Lang } from '../shared/config.js';
import type { ToolResult } from '../shared/result.js';
import { createGit, newSession, type WorkSession, startWorkSession } from '../work/index.js';
import { readCliDefaultIssue, writeCliDefaultIssue } from './default-issue.js';
import type { CliIO, Command } from './io.js';
import { repoRootOf } from './commands/project-args.js';
import { checkPath, pathFromHere } from './person-paths.js';
import { personConsents } from './person.js';
import { EXIT, UsageError, runEnvelope } from './outcome.js';
import { cliLang } from './lang.js';
import { cliErrors } from './messages/errors.js';
import { cliUsage } from './messages/usage.js';
import { verbSummary } from './messages/verbs.js';
import { didYouMean, parseArgsMessage } from './suggest.js';
import { explainZod, parseOptions, shownFlags, toolArgs } from './tool-flags.js';

/**
 * A verb group of the CLI (`butler work …`): each verb is an MCP tool definition, run by
 * runToolFromCli with the tool's own schema and handler, so a person and an agent get the same
 * arguments, checks and envelope. test/cli/verbs.test.ts pins that every verb goes through here.
 */
export interface CliGroup {
  name: string;
  /** The group's help, in the person's language (src/cli/messages/usage.ts); `flags` gives a verb's line (groupFlags). */
  usage: (lang: Lang, flags: (verb: string, about?: string) => string) => string;
  verbs: Record<string, ToolDef>;
  /** Tool arguments a verb also takes by position, in order, when its tool has them (`issue read 7`). */
  positionals?: string[];
  /**
   * Bind the folder rather than a git work session: issues work in any folder (the local tracker
   * needs no git), and their author is the person (`--client`, else BUTLER_BRAIN, else $USER, else git's user.name).
   */
  folder?: boolean;
  /** Verbs the group runs itself, outside the tool table (`issue approve-url`): named in "did you mean". */
  extraVerbs?: string[];
  /**
   * What `--client` names in the verbs that act (not read-only): `brain` (handover) or `author` (issue, any name, README).
   * None: the group's tools never read the connection's brain (work), so its verbs list no `--client` (#25).
   */
  client?: 'brain' | 'author';
  /** Wraps the tool call: `issue` asks at a terminal before a tracker URL gets the token. */
  around?: (call: () => Promise<ToolResult<object>>, io: CliIO) => Promise<ToolResult<object>>;
}

const HELP = ['--help', '-h', 'help'];

/**
 * A verb's line in its group's help: its flags as its own --help lists them (shownFlags; `--project` and `--json` are in
 * the group's usage line), then what it does. #25: `work --help` left out the `--issue` publish and sync take.
 */
function groupFlags(group: CliGroup): (verb: string, about?: string) => string {
  const of = (verb: string) => {
    const tool = group.verbs[verb];
    return tool ? [...shownFlags(tool).values()].join(' ') : '';
  };
  const width = Math.max(...Object.keys(group.verbs).map((v) => of(v).length));
  return (verb, about) => `  ${verb.padEnd(8)} ${about ? `${of(verb).padEnd(width)}  ${about}` : of(verb)}`.trimEnd();
}

/** `butler <group> <verb> [flags]`: the usage for no verb or help, exit 2 for an unknown verb. */
export function toolGroup(group: CliGroup): Command {
  return async (argv, io) => {
    const [verb, ...rest] = argv;
    if (!verb || HELP.includes(verb)) {
      (verb ? io.stdout : io.stderr)(`${group.usage(await cliLang(io), groupFlags(group))}\n`);
      return verb ? EXIT.ok : EXIT.usage;
    }
    if (!Object.hasOwn(group.verbs, verb)) {
      const t = cliErrors(await cliLang(io));
      const valid = [...Object.keys(group.verbs), ...(group.extraVerbs ?? [])];
      io.stderr(`butler ${group.name}: ${t.unknownVerb(verb)}${didYouMean(verb, valid, t)}\n  ${t.listsVerbs(group.name)}\n`);
      return EXIT.usage;
    }
    return runToolFromCli(group.verbs[verb]!, rest, io, { ...group, verb });
  };
}

/**
 * Runs an MCP tool's handler from the command line: same schema, same capability code, same
 * envelope. The CLI is a connection of its own whose brain is `--client` (or none), whose project
 * is `--project` (or the current folder), and whose default issue is the clone's
 * (`default-issue.ts`): what the tool changes there (work_start, issue_close) is kept for the next command.
 */
export async function runToolFromCli(tool: ToolDef, argv: string[], io: CliIO, group: CliGroup & { verb: string }): Promise<number> {
  const prefix = `butler ${group.name} ${group.verb}`;
  const positionals = group.positionals ?? [];
  let parsed: { values: Record<string, string | boolean | string[] | undefined>; positionals: string[] };
  const options = parseOptions(tool);
  // A flag the verb's help does not list is not taken (newcomer walk-through 10: `issue list --client bob` ran).
  if (!clientFlag(tool, group)) delete options.client;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true }) as typeof parsed;
  } catch (err) {
    const t = cliErrors(await cliLang(io));
    io.stderr(
      `${prefix}: ${parseArgsMessage(
        err,
        Object.keys(options).map((f) => `--${f}`),
        t,
        argv,
      )}\n${more(prefix, t)}`,
    );
    return EXIT.usage;
  }
  const { values } = parsed;
  const lang = await cliLang(io, typeof values.project === 'string' ? values.project : undefined);
  const t = cliErrors(lang);
  if (values.help) {
    io.stdout(helpText(tool, prefix, positionals, lang, clientFlag(tool, group)));
    return EXIT.ok;
  }
  const deps: ServerDeps = {
    cwd: io.cwd,
    env: io.env,
    userConfigDir: io.userConfigDir,
    now: () => new Date(),
    git: createGit(io.env),
    // `work record` of Butler's own files: a person's yes at a terminal, never an agent's (src/cli/person.ts).
    personConsent: async (question) => {
      const c = await personConsents(io, question, t);
      return c.given ? c : { given: false, why: c.why, unasked: c.code === EXIT.need_input };
    },
    // The tools speak to the person at this terminal, not to an agent (docs/decisions.md D37).
    audience: 'person',
  };
  const session = newSession();
  return runEnvelope(
    io,
    { prefix, json: Boolean(values.json), usage: more(prefix, t).trimEnd(), root: () => session.projectRoot },
    async () => {
      // The command line is checked before anything is read or bound: a usage error has done nothing.
      const { args, defaultIssue, typed } = await toolArgs(tool, values, parsed.positionals, positionals, io, t);
      const checked = tool.config.inputSchema.safeParse(args, zodLocale(lang));
      if (!checked.success) throw new UsageError(explainZod(checked.error, positionals, t, typed, args, shownFlags(tool)));
      const root = await bind(session, values, io, deps, Boolean(group.folder), lang);
      // An issue's author is any name (README); elsewhere the flag names the brain (#25), a read-only verb's as a filter (brainFilters).
      if (typeof values.client === 'string' && clientUse(tool, group) === 'brain') await knownClient(root, values.client, lang);
      session.defaultIssue = defaultIssue ?? (await readCliDefaultIssue(root));
      const before = session.defaultIssue;
      const here = pathFromHere(checked.data, io.cwd, root);
      if (typeof checked.data.path === 'string') await checkPath(checked.data.path, String(here.path), root, io.cwd, deps.git, t);
      const data = await brainFilters(tool, here, typed, root, lang);
      const call = () => tool.handler(data, { session, deps, memo: new Map() });
      const result = await settled(group.around ? group.around(call, io) : call());
      const { cliNamer } = await import('./groups.js');
      const bad = flagError(result, typed, (text) => cliNamer.prose(text));
      if (bad) throw bad;
      if (result.status === 'ok' && session.defaultIssue !== before) await writeCliDefaultIssue(root, session.defaultIssue);
      return result;
    },
  );
}

/** The project (and brain) of this one-command connection, as work_session_start binds an MCP one. */
async function bind(
  session: WorkSession,
  values: Record<string, unknown>,
  io: CliIO,
  deps: ServerDeps,
  folder: boolean,
  lang: Lang,
): Promise<string> {
  const start = path.resolve(io.cwd, typeof values.project === 'string' ? values.project : '.');
  const client = typeof values.client === 'string' ? values.client : io.env.BUTLER_BRAIN;
  // Outside a repository nothing is read or written: said first, exit 2 (a local issue store too is the project's).
  const top = repoRootOf(start, lang);
  if (folder) {
    // The repository's top level, as for the MCP tools: a subfolder must not grow its own .butler/issues.
    session.projectRoot = top;
    session.brainId = client || io.env.USER || (await gitUserName(deps, session.projectRoot)) || 'cli';
    return session.projectRoot;
  }
  // Before the project is bound, the language is the flag's, the environment's or the config's around the folder.
  // A person names no client: their snapshots are filed as `person` (an alias such as `codex` maps to its brain id).
  const clientName = client ? (brainForClient(client, []) ?? client) : PERSON_BRAIN;
  await startWorkSession(session, { projectRoot: start, clientName, register: false, lang }, deps);
  return session.projectRoot!;
}

/** The person's git name (field trial 7: with $USER empty, issues were authored by "cli"). */
async function gitUserName(deps: ServerDeps, dir: string): Promise<string | null> {
  const r = await deps.git(dir, ['config', 'user.name']).catch(() => null);
  const name = r?.exitCode === 0 ? r.stdout.trim() : '';
  return name && name.length <= 64 ? name : null;
}

/** After a usage error: where the options of this verb are listed. */
const more = (prefix: string, t: ReturnType<typeof cliErrors>) => `  ${t.listsOptions(prefix)}\n`;

/** zod's own words for a bad value, in Japanese when the person reads Japanese (zod ships the catalog). */
const zodLocale = (lang: Lang) => (lang === 'ja' ? { error: zodJa().localeError } : undefined);

/**
 * `--client` as a verb's help lists it, or null where it does nothing (#25: `issue list`, `work diff`, `handover brains`):
 * a tool that takes `client`, or a verb that acts in a group whose tools read the brain or author. Taken only there.
 */
/**
 * What `--client` is in a verb, decided once for its help, its parsing and its check: not taken (null), a read-only
 * verb's filter (brainFilters checks it), the brain that acts (knownClient checks it), or an issue's author (any name).
 */
function clientUse(tool: ToolDef, group: CliGroup): 'filter' | 'brain' | 'author' | null {
  const reads = tool.config.annotations.readOnlyHint;
  if ('client' in tool.config.inputSchema.shape) return reads ? 'filter' : group.client === 'author' ? 'author' : 'brain';
  return !group.client || reads ? null : group.client;
}

const clientFlag = (tool: ToolDef, group: CliGroup): string | null => {
  const use = clientUse(tool, group);
  return use === null ? null : use === 'author' ? '--client NAME' : '--client BRAIN';
};

function helpText(tool: ToolDef, prefix: string, positionals: string[], lang: Lang, client: string | null): string {
  const flags = [...shownFlags(tool).values()].join(' ');
  const shape = tool.config.inputSchema.shape as Record<string, { isOptional(): boolean }>;
  // An optional slot is in brackets (`handover read [HANDOVER_ID]`: without it, the latest snapshot; #25).
  const slots = positionals
    .filter((k) => k in shape)
    .map((k) => (shape[k]!.isOptional() ? ` [${k.toUpperCase()}]` : ` ${k.toUpperCase()}`))
    .join('');
  const u = cliUsage(lang);
  // One space between flags, none doubled when the tool has none of its own (`handover brains`, #25).
  const all = [flags, '--project DIR', client, '--json'].filter(Boolean).join(' ');
  // A person's summary first, in their language (#25): the tool's description is the model's contract, not theirs (D37).
  const summary = verbSummary(lang, prefix.replace(/^butler /, ''));
  return `${summary ? `${summary}\n` : ''}${u.usageWord}: ${prefix}${slots} [${u.options}]\n${u.options}: ${all}\n`;
}
