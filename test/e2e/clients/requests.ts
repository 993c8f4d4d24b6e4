// Reads what the model saw out of the requests recorded by the model server: the context text, the
// tool list, and each tool call joined with the result the client sent back for it.
import { BRAIN_TOOL_NAMES } from '../../helpers/tool-names.js';
import type { ModelServer } from './model-server.js';

export const BUTLER_TOOLS = [...BRAIN_TOOL_NAMES].sort();

export interface SeenCall {
  /** Tool name as the client exposes it (`Bash`, `mcp__butler__work_observe`, `exec_command`, `work_observe`). */
  name: string;
  namespace?: string;
  input: any;
  /** The result text the client sent back to the model. */
  output: string;
  isError: boolean;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((b: any) => (typeof b === 'string' ? b : typeof b?.text === 'string' ? b.text : JSON.stringify(b))).join('\n');
  }
  return content === undefined ? '' : JSON.stringify(content);
}

// ---------- Claude Code (Anthropic Messages) ----------

export function lastMain(server: ModelServer, api: 'anthropic' | 'openai'): any {
  const reqs = server.mainRequests(api);
  if (!reqs.length) throw new Error(`no main ${api} request recorded (got ${server.requests.length} requests)`);
  return reqs[reqs.length - 1]!.body;
}

export function claudeCalls(body: any): SeenCall[] {
  const uses = new Map<string, { name: string; input: any }>();
  const calls: SeenCall[] = [];
  for (const m of body?.messages ?? []) {
    if (!Array.isArray(m.content)) continue;
    for (const b of m.content) {
      if (m.role === 'assistant' && b.type === 'tool_use') uses.set(b.id, { name: b.name, input: b.input });
      if (m.role === 'user' && b.type === 'tool_result') {
        const use = uses.get(b.tool_use_id);
        if (use) calls.push({ ...use, output: textOf(b.content), isError: b.is_error === true });
      }
    }
  }
  return calls;
}

/** Everything in the model's context except the tool list: system prompt and messages. */
export function claudeContext(body: any): string {
  return `${textOf(body?.system)}\n${(body?.messages ?? []).map((m: any) => textOf(m.content)).join('\n')}`;
}

export function claudeButlerTools(body: any): string[] {
  return (body?.tools ?? [])
    .map((t: any) => String(t.name))
    .filter((n: string) => n.startsWith('mcp__butler__'))
    .map((n: string) => n.slice('mcp__butler__'.length))
    .sort();
}

// ---------- Codex (OpenAI Responses) ----------

export function codexCalls(body: any): SeenCall[] {
  const items: any[] = body?.input ?? [];
  const outputs = new Map<string, string>();
  for (const it of items) {
    if (it.type === 'function_call_output' || it.type === 'custom_tool_call_output') outputs.set(it.call_id, textOf(it.output));
  }
  const calls: SeenCall[] = [];
  for (const it of items) {
    if (it.type !== 'function_call' && it.type !== 'custom_tool_call') continue;
    let input: any = it.input;
    if (it.type === 'function_call') {
      try {
        input = JSON.parse(it.arguments);
      } catch {
        input = it.arguments;
      }
    }
    const output = outputs.get(it.call_id) ?? '';
    calls.push({
      name: it.name,
      namespace: it.namespace,
      input,
      output,
      isError: /exit(ed with)? code [1-9]|blocked|denied/i.test(output),
    });
  }
  return calls;
}

/** Developer / user message text in the Responses input (`instructions` too). */
export function codexContext(body: any, role?: 'developer' | 'user'): string {
  const parts: string[] = role ? [] : [textOf(body?.instructions)];
  for (const it of body?.input ?? []) {
    if (it.type === 'message' && (!role || it.role === role)) parts.push(textOf(it.content));
  }
  return parts.join('\n');
}

export function codexButlerTools(body: any): string[] {
  const ns = (body?.tools ?? []).find((t: any) => t.type === 'namespace' && t.name === 'mcp__butler');
  return (ns?.tools ?? []).map((t: any) => String(t.name)).sort();
}

/** The JSON envelope inside a tool result text (Codex prefixes "Wall time: …\nOutput:\n"). */
export function envelopeOf(output: string): any {
  const start = output.indexOf('{');
  if (start < 0) return undefined;
  for (let end = output.lastIndexOf('}'); end > start; end = output.lastIndexOf('}', end - 1)) {
    try {
      return JSON.parse(output.slice(start, end + 1));
    } catch {
      /* try a shorter span */
    }
  }
  return undefined;
}
