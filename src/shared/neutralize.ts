// Text Butler hands to a model or a terminal (SessionStart output, tool results, the CLI) may hold words
// written elsewhere: a snapshot shared by another clone, a committed file, a transcript, an issue body.
// Such text must not drive a terminal (ANSI, OSC 52 clipboard writes, BEL, NUL) nor close or fake the
// client's context framing (`</system-reminder>`, function-call markup, "Human:" turns). Issue #23:
// applied at every place Butler injects text, so no reader has to remember it.

// Terminal escape sequences as a whole (CSI, OSC ended by BEL or ST, other ESC pairs), then any control
// character left except newline and tab; C1 controls and the bidirectional overrides that hide text too.
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\|$)|\x1b[P^_X][^\x1b]*(?:\x1b\\|$)|\x1b[@-_]?/g;
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

// Markup a client uses to frame context or tool calls: the tag's `<` becomes `‹`, so it reads the same
// to a person and no longer parses as markup. Names are matched with any namespace prefix.
const FRAMING =
  /<(\/?)\s*((?:[A-Za-z_][\w.-]*:)?(?:system-reminder|system|function_calls|function_results|invoke|parameter|antml[\w:.-]*|tool_use|tool_result|tool_call|command-name|command-message|command-args|local-command-stdout|user-prompt-submit-hook|instructions|assistant|user|human)\b)/gi;
// Old-style conversation turns at the start of a line, also behind invisible characters (zero-width,
// LRM / RLM, word joiner, BOM) that would hide the turn from a plainer check.
const TURNS = /^([ \t>\u200b-\u200f\u2060\ufeff]*)(Human|Assistant|System|User)(\s*):/gim;

/** The text with terminal controls removed and context framing defused; newline and tab are kept. */
export function neutralize(text: string): string {
  if (!text) return text;
  let out = text.replace(ESCAPES, '').replace(CONTROLS, '');
  if (out.includes('<')) out = out.replace(FRAMING, '‹$1$2');
  if (out.includes(':')) out = out.replace(TURNS, '$1$2$3 (quoted):');
  return out;
}

/** neutralize() over every string of a JSON-like value (keys included), returning a copy. */
export function neutralizeDeep<T>(value: T): T {
  if (typeof value === 'string') return neutralize(value) as T;
  if (Array.isArray(value)) return value.map((v) => neutralizeDeep(v)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[neutralize(k)] = neutralizeDeep(v);
    return out as T;
  }
  return value;
}

/**
 * A file name as one line of a person's or an agent's text: a name with a control character (a newline a
 * collaborator pushed in a file name would start a line of its own, such as a fake `problem:`) is quoted
 * with its escapes written out, as git quotes such names (core.quotePath); any other name is as it is.
 */
export function quotePath(name: string): string {
  return /[\x00-\x1f\x7f]/.test(name) ? JSON.stringify(name) : name;
}
