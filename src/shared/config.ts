// The one owner of `.butler/config.yaml`: its schema (below, every key in one place), the reader
// every command, tool and hook uses, and the error that names the file, line and column. No yaml or
// zod here: the hook bundles import this module and pay for every byte of it on each run.
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { type Pos, ConfigSyntaxError } from './config-yaml-scalar.js';
import { parseYamlSubset } from './config-yaml.js';
import { ButlerError } from './errors.js';
import { TRACKER_URL_RULE, trackerUrlProblem } from './tracker-url.js';

export type Lang = 'ja' | 'en';
export const CONFIG_FILE = '.butler/config.yaml';

// ---- the schema: add a key here, with its check; the type follows -------------------------------
const LANGS = ['ja', 'en'] as const;
export const GUARD_MODES = ['block', 'warn', 'off'] as const;

/** A guard mode for a Japanese reader: the word, then the value typed (`guard mode block`) once (#25 walk-through 13). */
export const guardModeJa = (mode: string): string => {
  const word = ({ block: 'ブロック', warn: '警告', off: 'オフ' } as Record<string, string>)[mode];
  return word ? `${word}（${mode}）` : mode;
};

const SCHEMA = {
  lang: opt(oneOf(LANGS)),
  issues: opt(
    obj({
      backend: dflt(oneOf(['local', 'gitea', 'github'] as const), 'local'),
      url: opt(url()),
      owner: opt(str()),
      repo: opt(str()),
      token_env: opt(str(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name')),
      timeout_ms: opt(int(100, 120_000)),
    }),
  ),
  // `allow`: git subcommands that may run (`fetch`; `lfs` also covers `git-lfs`). `mode`: block
  // (deny), warn (run, with a warning to the user) or off. The guard trusts only what is committed
  // (src/guard/trust.ts); `butler guard` is how a person changes it.
  guard: opt(obj({ allow: dflt(list(str()), []), mode: dflt(oneOf(GUARD_MODES), 'block') })),
  redact: opt(obj({ patterns: dflt(list(str()), []) })),
  // `share: true`: handover_suspend / handover_transfer publish to the upstream remote unless told not to.
  handover: opt(obj({ share: dflt(bool(), false) })),
};
// --------------------------------------------------------------------------------------------------

export type ButlerConfig = Partial<{ [K in keyof typeof SCHEMA]: NonNullable<ReturnType<(typeof SCHEMA)[K]>> }>;

/** A config file that cannot be used: where, and why. `where` is `file:line:col` when known. */
export class ConfigProblem extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    readonly pos: Pos | null,
  ) {
    super(`${file}${pos ? `:${pos.line}:${pos.col}` : ''}: ${reason}`);
    this.name = 'ConfigProblem';
  }

  toButlerError(): ButlerError {
    return new ButlerError('invalid_argument', `${this.message}`, `Fix ${this.file} (or remove it to run on defaults).`, {
      config_file: this.file,
      line: this.pos?.line ?? null,
      column: this.pos?.col ?? null,
    });
  }
}

/** Checks a config text. Throws ConfigProblem (with line and column) when it is not valid. */
export function parseConfig(text: string, file = CONFIG_FILE): ButlerConfig {
  let parsed;
  try {
    parsed = parseYamlSubset(text);
  } catch (err) {
    if (err instanceof ConfigSyntaxError) throw new ConfigProblem(file, err.message, err.pos);
    throw err;
  }
  if (parsed.value === null) return {};
  try {
    return obj(SCHEMA as Shape)(parsed.value, '') as ButlerConfig;
  } catch (err) {
    if (!(err instanceof SchemaIssue)) throw err;
    throw new ConfigProblem(file, err.message, nearestPos(parsed.pos, err.path));
  }
}

function nearestPos(pos: Map<string, Pos>, path: string): Pos | null {
  for (let p = path; p; p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '') {
    const at = pos.get(p);
    if (at) return at;
  }
  return { line: 1, col: 1 };
}

/**
 * The text of a config file, or null when there is none. Never blocks: the file is opened
 * non-blocking and must be a regular file (a FIFO or a directory is a problem, not a hang).
 * Synchronous inside (a file of at most 256 KiB): the hooks read it on every run, and fs.promises
 * alone costs them ~2 ms to load, its FileHandle round trips more.
 */
export async function readConfigText(file: string, shown = CONFIG_FILE): Promise<string | null> {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw new ConfigProblem(shown, `cannot be read (${code ?? 'error'})`, null);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new ConfigProblem(shown, 'is not a regular file', null);
    if (st.size > 256 * 1024) throw new ConfigProblem(shown, 'is larger than 256 KiB', null);
    return readFileSync(fd, 'utf8');
  } catch (err) {
    if (err instanceof ConfigProblem) throw err;
    throw new ConfigProblem(shown, `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`, null);
  } finally {
    closeSync(fd);
  }
}

/** The project's config; `{}` when there is none. Throws a ButlerError naming file, line and column. */
export async function loadConfig(projectRoot: string): Promise<ButlerConfig> {
  const r = await readConfig(projectRoot);
  if (r.problem) throw r.problem.toButlerError();
  return r.config;
}

/** For callers that can run on defaults: the config, or the defaults and the problem to report. */
export async function readConfig(projectRoot: string): Promise<{ config: ButlerConfig; problem: ConfigProblem | null }> {
  try {
    const text = await readConfigText(`${projectRoot.replace(/\/+$/, '')}/${CONFIG_FILE}`);
    return { config: text === null ? {} : parseConfig(text), problem: null };
  } catch (err) {
    if (err instanceof ConfigProblem) return { config: {}, problem: err };
    throw err;
  }
}

/**
 * One language per repository: `BUTLER_LANG` (a per-user override), then the config's `lang`
 * (written by `butler install` from --lang or the installing user's locale), else English.
 */
export function resolveLang(config: { lang?: Lang }, env: Record<string, string | undefined>): Lang {
  const fromEnv = env.BUTLER_LANG?.toLowerCase();
  if (fromEnv === 'en' || fromEnv === 'ja') return fromEnv;
  return config.lang ?? 'en';
}

// ---- the checks the schema is written with ---------------------------------------------------------
class SchemaIssue extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}
type Check<T> = (v: unknown, path: string) => T;
type Shape = Record<string, Check<unknown>>;
// JSON's quoting: a control character in a committed key or value is shown escaped, never sent to a person's terminal.
const name = (p: string) => `\`${JSON.stringify(p).slice(1, -1) || '(root)'}\``;
const show = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : v === null ? 'nothing' : String(v));
function fail(path: string, what: string, v: unknown): never {
  throw new SchemaIssue(path, `${name(path)} must be ${what} (got ${show(v)})`);
}

function str(re?: RegExp, what = 'a non-empty string'): Check<string> {
  return (v, p) => (typeof v === 'string' && v !== '' && (!re || re.test(v)) ? v : fail(p, what, v));
}
function bool(): Check<boolean> {
  return (v, p) => (typeof v === 'boolean' ? v : fail(p, 'true or false', v));
}
function url(): Check<string> {
  return (v, p) => {
    if (typeof v === 'string' && trackerUrlProblem(v) === null) return v;
    // A password in the URL is not repeated in the error.
    return fail(p, TRACKER_URL_RULE, typeof v === 'string' ? v.replace(/\/\/[^/]*@/, '//***@') : v);
  };
}
function int(min: number, max: number): Check<number> {
  return (v, p) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : fail(p, `an integer from ${min} to ${max}`, v);
}
function oneOf<T extends string>(values: readonly T[]): Check<T> {
  return (v, p) =>
    typeof v === 'string' && (values as readonly string[]).includes(v) ? (v as T) : fail(p, `one of ${values.join(', ')}`, v);
}
function list<T>(item: Check<T>): Check<T[]> {
  return (v, p) => (Array.isArray(v) ? v.map((x, i) => item(x, `${p}.${i}`)) : fail(p, 'a list', v));
}
function opt<T>(c: Check<T>): Check<T | undefined> {
  return (v, p) => (v === undefined ? undefined : c(v, p));
}
function dflt<T>(c: Check<T>, d: T): Check<T> {
  return (v, p) => (v === undefined ? d : c(v, p));
}
function obj<S extends Shape>(shape: S): Check<{ [K in keyof S]: ReturnType<S[K]> }> {
  return (v, p) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(p, 'a mapping', v);
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v))
      if (!Object.hasOwn(shape, k)) throw new SchemaIssue(p ? `${p}.${k}` : k, `unknown key ${name(p ? `${p}.${k}` : k)}`);
    for (const [k, check] of Object.entries(shape)) {
      const got = check((v as Record<string, unknown>)[k], p ? `${p}.${k}` : k);
      if (got !== undefined) out[k] = got;
    }
    return out as { [K in keyof S]: ReturnType<S[K]> };
  };
}
