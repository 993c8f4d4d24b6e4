import { loadConfig, resolveLang } from '../shared/config.js';
import { neutralizeDeep } from '../shared/neutralize.js';
import { noteConfigProblem } from '../shared/config-note.js';
import { toErrorResult } from '../shared/errors.js';
import type { ToolResult } from '../shared/result.js';
import type { CliIO } from './io.js';
import { render } from './render.js';

/**
 * The one exit-code map and error boundary of the CLI's envelope commands (work, issue, handover):
 * 0 ok, 1 error envelope, 2 usage error, 3 need_input (and a blocked work state). A script can tell "Butler said no" (1) from
 * "you called it wrong" (2) and from "a person has to decide" (3).
 */
export const EXIT = { ok: 0, error: 1, need_input: 3, usage: 2 } as const;

/** A mistake in the command line itself (missing id, bad flag value): exit 2, nothing was done. */
export class UsageError extends Error {}

/**
 * A command run where it cannot work (outside a git repository): exit 2 as a usage error, but the command line was
 * right, so no pointer to the options follows (#25 final walk-through: "--help lists its options" under it was out of place).
 */
export class PlaceError extends UsageError {}

/**
 * `--json` holds for a usage error too (issue #25): whatever a command says to a person on stderr
 * before exit 2 (`butler work history: --limit must be 1 or more`, then where the options are listed)
 * becomes one error object on stdout when it printed nothing there itself; exit 2 still.
 */
export async function jsonUsage(argv: string[], io: CliIO, run: (io: CliIO) => Promise<number>): Promise<number> {
  const end = argv.indexOf('--');
  if (!(end < 0 ? argv : argv.slice(0, end)).includes('--json')) return run(io);
  let printed = false;
  let said = '';
  const code = await run({ ...io, stdout: (t) => ((printed = true), io.stdout(t)), stderr: (t) => void (said += t) });
  if (code !== EXIT.usage || printed) {
    if (said) io.stderr(said);
    return code;
  }
  const [first = '', ...rest] = said.trimEnd().split('\n');
  const summary = first.replace(/^butler(?: [a-z-]+){0,2}: /, '');
  const hint = rest
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');
  io.stdout(
    `${JSON.stringify({ status: 'error', summary, error_code: 'invalid_argument', ...(hint ? { hint } : {}), data: { usage: true } }, null, 2)}\n`,
  );
  return code;
}

/**
 * Runs one command: a UsageError prints `prefix: message` (and the usage) and exits 2; any other
 * throw becomes its error envelope. Errors go to stderr unless --json asked for the envelope.
 */
export async function runEnvelope(
  io: CliIO,
  opts: { prefix: string; json: boolean; usage?: string; root?: () => string | null },
  run: () => Promise<ToolResult<object>>,
): Promise<number> {
  let result: ToolResult<object>;
  try {
    result = await run();
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`${opts.prefix}: ${err.message}\n${opts.usage && !(err instanceof PlaceError) ? `${opts.usage}\n` : ''}`);
      return EXIT.usage;
    }
    result = toErrorResult(err);
  }
  // The project is known only once the command found it: a broken config it ran past is said.
  const root = opts.root?.();
  if (root) result = await noteConfigProblem(result, root);
  // Text from other clones, committed files or transcripts never drives the terminal (issue #23).
  result = neutralizeDeep(result);
  // The labels follow the project's language, as the tools' own words do (BUTLER_LANG first).
  const lang = resolveLang(root ? await loadConfig(root).catch(() => ({})) : {}, io.env);
  // The tool spoke to a person already (ServerDeps.audience); the exit code is the same with --json or without.
  // A blocked repository (a rebase or merge in progress) waits for the person: `?` and exit 3, never `✓` (#25); with
  // `--json` its status says need_input too, as the exit code does (walk-through 8: "ok" and exit 3).
  const waits = result.status === 'ok' && (result.data as Record<string, unknown>).work_state === 'blocked';
  const shown: ToolResult<object> = waits ? { ...result, status: 'need_input' } : result;
  if (opts.json) io.stdout(`${JSON.stringify(shown, null, 2)}\n`);
  else {
    // Loaded here, not imported: the verb tables import the runner, which imports this module.
    const { cliNamer } = await import('./groups.js');
    (result.status === 'error' ? io.stderr : io.stdout)(render(shown, cliNamer, lang));
  }
  return waits ? EXIT.need_input : EXIT[result.status];
}
