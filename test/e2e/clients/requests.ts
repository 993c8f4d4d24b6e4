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

// ---------- Gemini CLI (Gemini API) ----------

/** Each functionCall of the model joined with the functionResponse Gemini CLI sent back for it. */
export function geminiCalls(body: any): SeenCall[] {
  const responses = new Map<string, any>();
  for (const c of body?.contents ?? [])
    for (const p of c.parts ?? [])
      if (p.functionResponse) responses.set(p.functionResponse.id ?? p.functionResponse.name, p.functionResponse);
  const calls: SeenCall[] = [];
  for (const c of body?.contents ?? []) {
    if (c.role !== 'model') continue;
    for (const p of c.parts ?? []) {
      if (!p.functionCall) continue;
      const r = responses.get(p.functionCall.id ?? p.functionCall.name);
      const resp = r?.response ?? {};
      const output = typeof resp.error === 'string' ? resp.error : typeof resp.output === 'string' ? resp.output : JSON.stringify(resp);
      calls.push({ name: p.functionCall.name, input: p.functionCall.args, output, isError: resp.error !== undefined });
    }
  }
  return calls;
}

/** The text parts of the conversation (the system instruction too). */
export function geminiContext(body: any): string {
  const parts: string[] = [textOf(body?.systemInstruction?.parts ?? '')];
  for (const c of body?.contents ?? []) for (const p of c.parts ?? []) if (typeof p.text === 'string') parts.push(p.text);
  return parts.join('\n');
}

export function geminiButlerTools(body: any): string[] {
  return (body?.tools ?? [])
    .flatMap((t: any) => t.functionDeclarations ?? [])
    .map((f: any) => String(f.name))
    .filter((n: string) => n.startsWith('mcp_butler_'))
    .map((n: string) => n.slice('mcp_butler_'.length))
    .sort();
}
