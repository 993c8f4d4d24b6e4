/**
 * PreToolUse: decides whether a shell command may run. Returns the exact stdout for the client
 * ('' = allow). Never throws: a hook must not break a session.
 *
 * Protocol (same for Claude Code and Codex; Codex rejects unknown keys, and a rejected output lets
 * the command run): input `{tool_name: "Bash", tool_input: {command}, cwd, …}`; deny is
 * `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":…}}`;
 * allow is no output. Warn mode prints only `{"systemMessage":…}` (a warning for the user in both
 * clients; Codex fails a hook that answers `permissionDecision: "allow"` without `updatedInput`).
 *
 * Speed: this module imports only the tiny pre-check. Commands that cannot mention git return
 * here; the parser is a dynamic import, evaluated only for the rest.
 */
import { quickMentionsGit } from '../guard/quick.js';

/**
 * The longest the hook waits for `.butler/config.yaml` before it applies the default (block). With the
 * 800 ms stdin deadline and a parse bounded to 500,000 characters, a decision stays well under the
 * installer's hook timeout; a normal one takes a few milliseconds after Node's start-up.
 */
export const CONFIG_BUDGET_MS = 300;

interface HookInput {
  command: string;
  cwd: string | null;
}

export async function preToolUse(stdinText: string, env: Record<string, string | undefined>): Promise<string> {
  const input = readInput(stdinText);
  if (input === null || !quickMentionsGit(input.command)) return '';
  try {
    const { evaluate } = await import('../guard/evaluate.js');
    const d = await evaluate(input.command, input.cwd ?? env.CLAUDE_PROJECT_DIR ?? null, CONFIG_BUDGET_MS);
    if (d.action === 'allow') return '';
    if (d.action === 'warn') return JSON.stringify({ systemMessage: d.reason });
    return JSON.stringify({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: d.reason },
    });
  } catch {
    return '';
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readInput(text: string): HookInput | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(v) || v.tool_name !== 'Bash' || !isObject(v.tool_input)) return null;
  if (v.hook_event_name !== undefined && v.hook_event_name !== 'PreToolUse') return null;
  const c = v.tool_input.command;
  // An argv array (older shell tools) is checked as the equivalent quoted command line.
  const command =
    typeof c === 'string'
      ? c
      : Array.isArray(c) && c.every((s): s is string => typeof s === 'string')
        ? c.map((s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`)).join(' ')
        : null;
  if (command === null) return null;
  return { command, cwd: typeof v.cwd === 'string' && v.cwd !== '' ? v.cwd : null };
}
