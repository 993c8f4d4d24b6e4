/** Helpers shared by both log formats: one-line text, tool output text, exit codes and error lines. */

/** Collapses whitespace (a fact is one Markdown bullet) and cuts at `max` characters with an ellipsis. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** Inline Markdown code that survives backticks inside the text. */
export function code(t: string): string {
  return t.includes('`') ? `\`\` ${t} \`\`` : `\`${t}\``;
}

/** `L12 2026-06-04T10:15:03Z`: the line, plus the entry's time (to the second) when the log has one. */
export function cite(line: number, timestamp: unknown): string {
  if (typeof timestamp !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(timestamp)) return `L${line}`;
  return `L${line} ${timestamp.replace(/\.\d+(?=Z|[+-]\d\d:?\d\d$)/, '')}`;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

/** Text of a tool result: a string, `{type:'text'|'input_text'|'output_text', text}` blocks, or `{content}`. */
export function contentText(v: unknown, depth = 0): string {
  if (typeof v === 'string') return v;
  if (depth > 3) return '';
  if (Array.isArray(v))
    return v
      .map((b) => contentText(b, depth + 1))
      .filter(Boolean)
      .join('\n');
  if (isRecord(v)) {
    if (typeof v.text === 'string') return v.text;
    if ('content' in v) return contentText(v.content, depth + 1);
    if (typeof v.output === 'string') return v.output;
  }
  return '';
}

export interface ToolOutcome {
  text: string;
  exitCode: number | null;
  /** Explicit failure flag from the log (`is_error`, `success: false`, an MCP `isError`). */
  isError: boolean;
}

const EXIT_RE = /(?:^|\n)\s*(?:Exit code:?|Process exited with code|exit code:?|exit status:?)\s*(-?\d+)/;

/**
 * Reads a command's or tool's output in the shapes both clients write: plain text with an
 * `Exit code N` / `Process exited with code N` header, or JSON `{output, metadata: {exit_code}}`.
 */
export function parseOutcome(raw: unknown, explicitError = false): ToolOutcome {
  let value: unknown = raw;
  let isError = explicitError;
  let exitCode: number | null = null;
  if (typeof value === 'string' && /^\s*[{[]/.test(value)) {
    try {
      value = JSON.parse(value);
    } catch {
      // plain text that happens to start with a bracket
    }
  }
  if (isRecord(value)) {
    const meta = isRecord(value.metadata) ? value.metadata : null;
    const code = meta?.exit_code ?? value.exit_code;
    if (typeof code === 'number' && Number.isInteger(code)) exitCode = code;
    if (value.success === false || value.isError === true || value.is_error === true) isError = true;
  }
  const text = contentText(value) || (typeof raw === 'string' ? raw : '');
  if (exitCode === null) {
    const m = EXIT_RE.exec(text);
    if (m) exitCode = Number(m[1]);
  }
  return { text, exitCode, isError };
}

const HEADER_RE =
  /^(?:Chunk ID:|Wall time:|Process exited with code|Process running with session ID|Original token count:|Output:$|Exit code:?\s*-?\d+$|Total output lines:)/;
const ERROR_RE =
  /(?:\b(?:error|errors|fail|failed|failure|fatal|exception|denied|blocked|not found|cannot|ENOENT|EACCES|ERR!|Traceback|panic)\b|\w(?:Error|Exception)\b|[✗✕✘])/i;

/** The line that best says what went wrong: the first error-looking line, else the first line of output. */
export function errorLine(text: string, max = 160): string {
  let first: string | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/<\/?tool_use_error>/g, '').trim();
    if (!line || HEADER_RE.test(line)) continue;
    if (ERROR_RE.test(line)) return oneLine(line, max);
    first ??= line;
  }
  return first === null ? '' : oneLine(first, max);
}

/** A shell command as one line: `bash -lc "<script>"` shows the script; argv is joined with quoting. */
export function commandText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (!Array.isArray(v) || !v.every((a) => typeof a === 'string')) return null;
  const argv = v as string[];
  if (argv.length === 3 && /(?:^|\/)(?:ba|z|da)?sh$/.test(argv[0]!) && /^-l?c$/.test(argv[1]!)) return argv[2]!;
  return argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

const TAG_BLOCK = /^\s*<([a-z][a-z0-9_-]*)(?:\s[^>]*)?>[\s\S]*?<\/\1>\s*/i;
const INJECTED_PREFIX = /^(?:Caveat: The messages below|\[Request interrupted|# AGENTS\.md instructions|SessionStart:|<INSTRUCTIONS>)/;

/**
 * The user's own words from a user message, without what the client injects: reminders, hook output,
 * environment context, AGENTS.md. A slash command (`<command-name>`) becomes `/name args`. '' when nothing is left.
 */
export function userText(raw: string): string {
  const name = /<command-name>([^<]*)<\/command-name>/.exec(raw);
  if (name) {
    const args = /<command-args>([^<]*)<\/command-args>/.exec(raw);
    return `${name[1]!.trim()} ${args?.[1]?.trim() ?? ''}`.trim();
  }
  let text = raw.replace(/<system-reminder>[\s\S]*?<\/system-reminder>/g, '');
  for (let m = TAG_BLOCK.exec(text); m; m = TAG_BLOCK.exec(text)) text = text.slice(m[0].length);
  text = text.trim();
  return INJECTED_PREFIX.test(text) ? '' : text;
}
