import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import type { ToolDef } from '../mcp/tool.js';
import { workStart } from '../mcp/tools/work/start.js';
import { GLOBAL_FLAGS } from './global-flags.js';
import type { CliIO } from './io.js';
import { cliErrors } from './messages/errors.js';
import { UsageError } from './outcome.js';

type Say = ReturnType<typeof cliErrors>;

/**
 * How a command line becomes a tool's arguments. Every argument of the tool's input schema is the
 * flag of the same name in kebab case (`issue_id` → `--issue-id`), so the CLI and the MCP schema
 * cannot drift apart; the spellings below are the short or older flags people type, each mapped onto
 * an argument the tool has (a spelling whose argument the tool lacks does not exist for that verb).
 */
interface Alias {
  arg: string;
  /** A switch that sets the argument to this value (`--full` is `--level full`). */
  set?: unknown;
  /** The value is a file to read, `-` for stdin (`--body-file`). */
  file?: true;
}

export const ALIASES: Record<string, Alias> = {
  id: { arg: 'handover_id' },
  target: { arg: 'target_brain' },
  source: { arg: 'source_brain' },
  from: { arg: 'created_from' },
  to: { arg: 'created_to' },
  'session-log': { arg: 'session_log_path' },
  comments: { arg: 'last_n_comments' },
  label: { arg: 'label_names' },
  'body-file': { arg: 'body', file: true },
  record: { arg: 'record_id' },
  full: { arg: 'level', set: 'full' },
  'no-issue': { arg: 'issue_ids', set: [] },
  // `work history -n`: the long spelling `handover list` uses (second walk-through: `--limt` named nothing).
  limit: { arg: 'n' },
};

/** `--issue N`: the tool's issue argument, whichever it has; for a tool with none that reads the default issue, this call's. */
const ISSUE_ARGS = ['issue_id', 'issue_ids'];

/** One-letter flags: `-m` the record message, `-n` how many records. */
const SHORT: Record<string, string> = { message: 'm', n: 'n' };

/** How the person wrote a flag, for messages and help: `-n`, `--message (-m)`, `--issue-id`. */
export function flagLabel(flag: string): string {
  const short = SHORT[flag.replace(/-/g, '_')];
  if (!short || ALIASES[flag]) return `--${flag}`;
  return flag === short ? `-${short}` : `--${flag} (-${short})`;
}

/**
 * Each argument's flags as a verb's help lists them (`--target-brain (--target)`), by argument (`default issue` for
 * `--issue` as the call's default, `--full` for a switch of its own): the help and the errors name a flag so (#25).
 */
export function shownFlags(tool: ToolDef): Map<string, string> {
  const byArg = new Map<string, string[]>();
  for (const [flag, arg] of cliFlags(tool)) {
    // A switch that sets a value (`--no-issue`, `--full`) is a flag of its own, not another name of its argument (#25).
    const key = ALIASES[flag]?.set !== undefined ? `--${flag}` : (arg ?? 'default issue');
    if (key !== 'client') byArg.set(key, [...(byArg.get(key) ?? []), flagLabel(flag)]);
  }
  return new Map([...byArg].map(([key, [first, ...more]]) => [key, `${first}${more.length ? ` (${more.join(', ')})` : ''}`]));
}

/** The options every verb has: the global ones (where, how to print), who (`client`, also an argument of some tools), help. */
const SESSION: readonly string[] = [...Object.keys(GLOBAL_FLAGS), 'client', 'help'];

export const kebab = (key: string) => key.replace(/_/g, '-');

export function unwrap(t: z.ZodType): z.ZodType {
  let cur = t;
  while (cur instanceof z.ZodOptional || cur instanceof z.ZodDefault || cur instanceof z.ZodNullable) {
    cur = (cur as z.ZodOptional<z.ZodType>).unwrap() as z.ZodType;
  }
  return cur;
}

const shapeOf = (tool: ToolDef) => tool.config.inputSchema.shape as Record<string, z.ZodType>;

/** Every flag of a verb and the tool argument it fills (null: `--issue` as the call's default issue). */
export function cliFlags(tool: ToolDef): Map<string, string | null> {
  const shape = shapeOf(tool);
  const flags = new Map<string, string | null>();
  for (const key of Object.keys(shape)) flags.set(kebab(key), key);
  for (const [flag, a] of Object.entries(ALIASES)) if (a.arg in shape && !flags.has(flag)) flags.set(flag, a.arg);
  // A verb whose tool neither takes an issue nor reads the default one has no `--issue` (walk-through 6: `work diff`, `issue create`).
  const issueArg = ISSUE_ARGS.find((k) => k in shape);
  if (!flags.has('issue') && (issueArg || tool.defaultIssue)) flags.set('issue', issueArg ?? null);
  return flags;
}

type Options = Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }>;

/** The parseArgs options of a verb. Every valued flag may repeat; only list arguments keep more than one. */
export function parseOptions(tool: ToolDef): Options {
  const shape = shapeOf(tool);
  const options: Options = {
    // `--lang` is taken out before (lang.ts takeLang); as an option too, the list stays the one in global-flags.ts.
    ...Object.fromEntries(
      Object.entries(GLOBAL_FLAGS).map(([name, f]) => [name, { type: f.value ? ('string' as const) : ('boolean' as const) }]),
    ),
    client: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  };
  for (const [flag, arg] of cliFlags(tool)) {
    // `--client` names the CLI's brain and, when the tool has the argument, fills it too.
    if (SESSION.includes(flag)) continue;
    const alias = ALIASES[flag];
    const inner = arg === null ? null : unwrap(shape[arg] as z.ZodType);
    const boolean = alias?.set !== undefined || (!alias && inner instanceof z.ZodBoolean);
    options[flag] = { type: boolean ? 'boolean' : 'string', multiple: !boolean };
    if (arg && SHORT[arg] && flag === kebab(arg)) options[flag]!.short = SHORT[arg];
  }
  return options;
}

/** A number argument from its text; `label` is what the person typed (`--issue`, `issue id`). */
function numberFrom(text: string, schema: z.ZodType, label: string, say: Say): number {
  if (/^-?\d+$/.test(text)) return Number(text);
  const positive = !schema.safeParse(0).success && schema.safeParse(1).success;
  throw new UsageError(say.mustBeNumber(label, positive, text));
}

function convert(texts: string[], schema: z.ZodType, label: string, say: Say): unknown {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodArray) {
    const element = unwrap(inner.element as z.ZodType);
    return texts.map((t) => (element instanceof z.ZodNumber ? numberFrom(t, element, label, say) : t));
  }
  if (texts.length > 1) throw new UsageError(say.givenTwice(label));
  return inner instanceof z.ZodNumber ? numberFrom(texts[0]!, inner, label, say) : texts[0];
}

/** A file named on the command line (`-`: stdin); one that cannot be read is the caller's mistake. */
function readText(file: string, label: string, io: CliIO, say: Say): Promise<string> {
  if (file === '-') return io.readStdin();
  return readFile(path.resolve(io.cwd, file), 'utf8').catch((err: NodeJS.ErrnoException) => {
    throw new UsageError(say.cannotRead(label, file, err.code ?? err.message));
  });
}

export interface CliArgs {
  args: Record<string, unknown>;
  /** `--issue N` for a tool without an issue argument: the default issue of this one call. */
  defaultIssue?: number;
  /** The flag (or position) the person typed for each argument, so an error names that one (#25). */
  typed: Record<string, string>;
}

/** The tool's arguments from parsed flags and positionals (`positionals`: the argument each position fills). */
export async function toolArgs(
  tool: ToolDef,
  values: Record<string, string | boolean | string[] | undefined>,
  given: string[],
  positionals: string[],
  io: CliIO,
  say: Say = cliErrors('en'),
): Promise<CliArgs> {
  const shape = shapeOf(tool);
  const slots = positionals.filter((k) => k in shape);
  if (given.length > slots.length) throw new UsageError(say.unexpected(given[slots.length]!));
  const from: Record<string, string> = {};
  const out: CliArgs = { args: {}, typed: from };
  const put = (key: string, value: unknown, label: string) => {
    if (key in out.args) throw new UsageError(say.bothGive(label, from[key]!, key));
    out.args[key] = value;
    from[key] = label;
  };
  given.forEach((text, i) =>
    put(slots[i]!, convert([text], shape[slots[i]!] as z.ZodType, say.position(slots[i]!), say), say.position(slots[i]!)),
  );
  const flags = cliFlags(tool);
  if (typeof values.client === 'string' && 'client' in shape) put('client', values.client, '--client');
  for (const [flag, value] of Object.entries(values)) {
    if (value === undefined || SESSION.includes(flag)) continue;
    const arg = flags.get(flag);
    const label = flagLabel(flag);
    const texts = Array.isArray(value) ? value : [];
    if (arg === null) {
      if (texts.length > 1) throw new UsageError(say.onlyList(label));
      // The call's default issue is what work_start would set: checked by its schema.
      const issueId = unwrap(workStart.config.inputSchema.shape.issue_id as z.ZodType);
      const n = issueId.safeParse(numberFrom(texts[0]!, issueId, label, say));
      if (!n.success) throw new UsageError(say.mustBeNumber(label, true, texts[0]!));
      out.defaultIssue = n.data as number;
      continue;
    }
    if (arg === undefined) continue;
    const alias = ALIASES[flag];
    if (alias?.set !== undefined) put(arg, alias.set, label);
    else if (typeof value === 'boolean') put(arg, value, label);
    else if (alias?.file)
      put(arg, convert(await Promise.all(texts.map((f) => readText(f, label, io, say))), shape[arg] as z.ZodType, label, say), label);
    else put(arg, convert(texts, shape[arg] as z.ZodType, label, say), label);
  }
  return out;
}

/** A schema failure in the person's words: the flag (or position) that is missing or wrong. */
export function explainZod(
  error: z.ZodError,
  positionals: string[],
  say: Say = cliErrors('en'),
  typed: Record<string, string> = {},
  args: Record<string, unknown> = {},
  /** shownFlags of the verb: a flag not typed is named as its help lists it (#25: `--target-brain` where help said more). */
  shown: ReadonlyMap<string, string> = new Map(),
): string {
  return error.issues
    .slice(0, 5)
    .map((i) => {
      const key = String(i.path[0] ?? '');
      const label = typed[key] ?? (positionals.includes(key) ? say.position(key) : (shown.get(key) ?? flagLabel(kebab(key))));
      if (!key) return i.message;
      // zod's English and Japanese words for a missing value (tool-runner.ts parses in the person's language).
      if (i.code === 'invalid_type' && /received undefined|undefinedが入力/.test(i.message)) return say.required(label);
      // A number out of range, in the person's words (#25: "Too small: expected number to be >=1").
      // Every number flag is an integer (z.number().int()), so an exclusive bound is the next integer: `.positive()`
      // is "1 or more", not "0 or more" (#25: `--issue 0` said "must be 0 or more").
      if (i.code === 'too_small' && i.origin === 'number' && i.path.length === 1)
        return say.atLeast(label, String(Number(i.minimum) + (i.inclusive === false ? 1 : 0)));
      if (i.code === 'too_big' && i.origin === 'number' && i.path.length === 1)
        return say.atMost(label, String(Number(i.maximum) - (i.inclusive === false ? 1 : 0)));
      // A value outside a fixed set: the valid ones, not zod's schema text (walk-through 8: `Invalid option: expected one of "stat"|"full"`).
      if (i.code === 'invalid_value' && i.path.length === 1 && i.values.length > 0)
        return say.oneOf(label, i.values.map(String).join(', '), String(args[key] ?? i.input ?? '').slice(0, 80));
      if (key === 'handover_id' && i.code === 'custom') return say.notHandoverId(label, String(i.input ?? args[key] ?? '').slice(0, 80));
      return `${label}${i.path.length > 1 ? `[${i.path.slice(1).join('.')}]` : ''}: ${i.message}`;
    })
    .join(say.joined);
}
