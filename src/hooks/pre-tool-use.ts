/**
 * PreToolUse: decides whether a shell command may run. Returns the exact stdout for the client
 * ('' = allow). Never throws: a hook must not break a session.
 *
 * Protocol (Claude Code and Codex; Codex rejects unknown keys, and a rejected output lets the command
 * run): input `{tool_name: "Bash", tool_input: {command}, cwd, …}`; deny is
 * `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":…}}`;
 * allow is no output. Warn mode prints only `{"systemMessage":…}` (a warning for the user in both
 * clients; Codex fails a hook that answers `permissionDecision: "allow"` without `updatedInput`).
 *
 * Gemini CLI (BeforeTool on `run_shell_command`, the same input) reads a deny as top-level
 * `{"decision":"deny","reason":…}` and the reason reaches the model as the tool's error; which
 * clients answer which way is the client table's `denyOutput` (src/shared/clients/).
 *
 * Codex sends every shell tool (`exec_command`, `shell_command`, `local_shell`) as `Bash` with
 * `{command}` (codex-rs/core/src/tools/hook_names.rs, `HookToolName::bash()`); the other names are
 * accepted too, with `cmd` as the key, so a client that passes them through is still guarded.
 * Input that cannot be read (invalid or truncated JSON, a BOM, no command where one belongs) and
 * that mentions git is denied: the guard fails closed.
 *
 * Speed: this module imports only the tiny pre-check. Commands that cannot run git (or change the guard, see src/guard/butler-cli.ts;
 * the rule and why it is sound: needsParse in src/guard/quick.ts) return here; the parser loads on the first
 * `evaluate` (a dynamic import behind the guard's front door), only for the rest.
 */
import { evaluate, needsParse, quickMentionsGit } from '../guard/index.js';
import { CLIENTS, SHELL_TOOLS } from '../shared/clients/index.js';

/**
 * The longest the hook waits for `.butler/config.yaml` (and its committed version) before it applies
 * the default (block). With the stdin deadline and a parse bounded to 500,000 characters, a decision
 * stays well under the installer's hook timeout; a normal one takes a few milliseconds.
 */
export const CONFIG_BUDGET_MS = 300;

export { SHELL_TOOLS };

/** The guard's event names (Claude Code's and Codex's PreToolUse, Gemini CLI's BeforeTool), from the client table. */
const GUARD_EVENTS: ReadonlySet<unknown> = new Set(CLIENTS.map((c) => c.hooks.events.guard.event));
/** Events whose clients answer a deny with top-level `{decision, reason}` (src/shared/clients/types.ts denyOutput). */
const DECISION_EVENTS: ReadonlySet<unknown> = new Set(
  CLIENTS.filter((c) => c.hooks.denyOutput === 'decision').map((c) => c.hooks.events.guard.event),
);

type Deny = (reason: string) => string;
type HookInput = { kind: 'command'; command: string; cwd: string | null; deny: Deny } | { kind: 'other' } | { kind: 'broken' };

export async function preToolUse(stdinText: string, env: Record<string, string | undefined>): Promise<string> {
  const input = readInput(stdinText);
  if (input.kind === 'other') return '';
  if (input.kind === 'broken') return mentionsGitInJson(stdinText) ? denyFor(brokenEvent(stdinText))(BROKEN_INPUT) : '';
  const deny = input.deny;
  // Stryker disable next-line ConditionalExpression: needsParse never says no where evaluate denies (test/guard/quick-rules.test.ts); skipping it only saves loading the parser
  if (!needsParse(input.command)) return '';
  try {
    const d = await evaluate(input.command, input.cwd ?? env.CLAUDE_PROJECT_DIR ?? null, {
      readCommitted: (dir, rel) => readCommitted(env, dir, rel),
      configBudgetMs: CONFIG_BUDGET_MS,
    });
    if (d.action === 'allow') return '';
    if (d.action === 'warn') return JSON.stringify({ systemMessage: d.reason });
    return deny(d.reason);
  } catch {
    return deny('Raw git is blocked by Butler: the guard failed to check this command. Use the butler MCP tools (work_*)');
  }
}

const BROKEN_INPUT =
  'Raw git is blocked by Butler: the hook input could not be read, and it mentions git. Use the butler MCP tools (work_*)';

/** The deny a client reads for its event: Gemini CLI's `{decision, reason}`, else `hookSpecificOutput.permissionDecision`. */
function denyFor(event: unknown): Deny {
  if (DECISION_EVENTS.has(event)) return (reason) => JSON.stringify({ decision: 'deny', reason });
  return (reason) =>
    JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });
}

/** Unreadable input: the event it names, when a guard event's name appears in it (so the deny is one its client reads). */
function brokenEvent(text: string): unknown {
  for (const e of DECISION_EVENTS) if (text.includes(`"${e}"`)) return e;
  return null;
}

/** git in raw hook text, also when JSON escapes spell it (`\u0067it`). */
function mentionsGitInJson(text: string): boolean {
  const decoded = text.replace(/\\u([0-9a-fA-F]{4})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  return quickMentionsGit(text) || quickMentionsGit(decoded);
}

async function readCommitted(env: Record<string, string | undefined>, dir: string, rel: string): Promise<string | null> {
  const { spawnGitWith } = await import('../shared/git-spawn.js');
  const { GIT_DIR: _dir, GIT_WORK_TREE: _tree, ...clean } = env;
  // Stryker disable next-line ObjectLiteral: the bound matters only for a git that hangs, and the caller's CONFIG_BUDGET_MS already gives up on it (test/hooks/config-deadline.test.ts)
  const r = await spawnGitWith(clean)(dir, ['cat-file', '-p', `HEAD:${rel}`], { timeoutMs: 2_000 });
  return r.exitCode === 0 ? r.stdout : null;
}

/** Cursor's hook payload: it names its version (`cursor_version`) and has a conversation id, not a session id. */
export function isCursor(v: Record<string, unknown>): boolean {
  return typeof v.cursor_version === 'string' && typeof v.conversation_id === 'string';
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readInput(text: string): HookInput {
  // A BOM or anything else JSON.parse refuses is unreadable input.
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { kind: 'broken' };
  }
  // Cursor runs Claude Code's hooks (third-party hooks) with its own payload and reads its own answer
  // format, which Butler has not verified: the guard stays out of the way there (README "Cursor").
  if (isObject(v) && isCursor(v)) return { kind: 'other' };
  if (!isObject(v) || typeof v.tool_name !== 'string') return { kind: 'broken' };
  const event = v.hook_event_name;
  if (event !== undefined && !GUARD_EVENTS.has(event)) return { kind: 'other' };
  if (!SHELL_TOOLS.includes(v.tool_name)) return { kind: 'other' };
  if (!isObject(v.tool_input)) return { kind: 'broken' };
  const c = v.tool_input.command ?? v.tool_input.cmd;
  // An argv array (older shell tools) is checked as the equivalent quoted command line.
  const command =
    typeof c === 'string'
      ? c
      : Array.isArray(c) && c.every((s): s is string => typeof s === 'string')
        ? c.map((s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`)).join(' ')
        : null;
  if (command === null) return { kind: 'broken' };
  return { kind: 'command', command, cwd: typeof v.cwd === 'string' && v.cwd !== '' ? v.cwd : null, deny: denyFor(event) };
}
