// A scripted model server for the real-client e2e tests. It listens on 127.0.0.1 (random port) and
// speaks just enough of two streaming APIs for the real CLIs to run offline:
//   - Anthropic Messages (`POST /v1/messages`, SSE) for Claude Code;
//   - OpenAI Responses (`POST /v1/responses`, SSE) for Codex;
//   - Gemini API (`POST /v1beta/models/<model>:streamGenerateContent?alt=sse`, `:generateContent`,
//     `:countTokens`) for Gemini CLI (its bundle reads GOOGLE_GEMINI_BASE_URL).
// A test gives it a script: a list of turns ("call tool X with args Y", "say text"). Which turn to
// play is derived from the conversation in the request (how many assistant turns follow the last real
// user prompt), so client retries and side requests never shift the script. Every request is
// recorded so tests can assert what the model saw.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export interface ToolCall {
  /** Claude Code: `Bash`, `Write`, `mcp__butler__work_observe`. Codex: `exec_command`, `apply_patch`, or a tool inside `namespace`. */
  name: string;
  input: Record<string, unknown> | string;
  /** Codex only: the function namespace (`mcp__butler`). */
  namespace?: string;
  /** Codex only: send as a freeform `custom_tool_call` (e.g. `apply_patch`), `input` is the raw text. */
  custom?: boolean;
  /** Codex only: a client-executed `tool_search_call` (models with tool search defer MCP tools behind it); `input` is its arguments. */
  toolSearch?: boolean;
}

export interface Turn {
  text?: string;
  calls?: ToolCall[];
  /**
   * Codex only: the total token count the response reports (default 120). Above the
   * `model_auto_compact_token_limit` of the test's config, Codex compacts the context before its next request.
   */
  usage?: number;
}

/** Codex's local compaction asks for a summary with this prompt (codex-rs/core/templates/compact/prompt.md). */
const CODEX_COMPACT_PROMPT = 'CONTEXT CHECKPOINT COMPACTION';
/** Our summary carries how many script turns were played, so the next request after a compaction goes on from there. */
const COMPACTED_AT = /\[butler-e2e compacted after turn (\d+)\]/;

export type Api = 'anthropic' | 'openai' | 'gemini' | 'other';

export interface RecordedRequest {
  api: Api;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  /** A main-loop model request (has tools), as opposed to a title / summary / token-count side request. */
  main: boolean;
  /** The script turn that was answered (main requests only). */
  turn?: number;
}

export interface ModelServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  setScript(turns: Turn[]): void;
  /** Main-loop requests for one API, in arrival order. */
  mainRequests(api: Api): RecordedRequest[];
  reset(): void;
  /** Writes the recorded requests to $BUTLER_E2E_DUMP/<name>.json when that variable is set (debugging). */
  dump(name: string): void;
  close(): Promise<void>;
}

const FINAL_TEXT = 'Done.';
let idCounter = 0;
const nextId = (prefix: string): string => `${prefix}_${Date.now().toString(36)}${(idCounter++).toString(36)}`;

function sse(res: http.ServerResponse, events: Array<Record<string, unknown>>, named = true): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'close',
  });
  for (const ev of events) {
    if (named) res.write(`event: ${String(ev.type)}\n`);
    res.write(`data: ${JSON.stringify(ev)}\n\n`);
  }
  res.end();
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
  res.end(JSON.stringify(body));
}

// ---------- Anthropic Messages ----------

function anthropicTurnIndex(body: any): number {
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  let lastPrompt = -1;
  messages.forEach((m, i) => {
    if (m?.role !== 'user') return;
    const content = typeof m.content === 'string' ? [{ type: 'text' }] : Array.isArray(m.content) ? m.content : [];
    if (!content.some((b: any) => b?.type === 'tool_result')) lastPrompt = i;
  });
  return messages.slice(lastPrompt + 1).filter((m) => m?.role === 'assistant').length;
}

function anthropicStream(res: http.ServerResponse, model: string, turn: Turn): void {
  const events: Array<Record<string, unknown>> = [];
  events.push({
    type: 'message_start',
    message: {
      id: nextId('msg'),
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 100, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    },
  });
  let index = 0;
  if (turn.text !== undefined) {
    events.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
    events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: turn.text } });
    events.push({ type: 'content_block_stop', index });
    index++;
  }
  for (const call of turn.calls ?? []) {
    events.push({
      type: 'content_block_start',
      index,
      content_block: { type: 'tool_use', id: nextId('toolu'), name: call.name, input: {} },
    });
    const partial = typeof call.input === 'string' ? call.input : JSON.stringify(call.input);
    // Split the JSON in two deltas, as the real API streams it in pieces.
    const cut = Math.floor(partial.length / 2);
    events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: partial.slice(0, cut) } });
    events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: partial.slice(cut) } });
    events.push({ type: 'content_block_stop', index });
    index++;
  }
  const stop = turn.calls?.length ? 'tool_use' : 'end_turn';
  events.push({ type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 20 } });
  events.push({ type: 'message_stop' });
  sse(res, events);
}

function anthropicSideText(body: any): string {
  const system = JSON.stringify(body?.system ?? '');
  // Claude Code asks a small model for a session title / topic as JSON in some versions.
  if (/title/i.test(system) && /json/i.test(system)) return '{"title": "Butler e2e"}';
  if (/isNewTopic/.test(system)) return '{"isNewTopic": false, "title": null}';
  return 'Butler e2e';
}

// ---------- OpenAI Responses ----------

const textOf = (item: any): string => JSON.stringify(item?.content ?? '');

function openaiTurnIndex(body: any): number {
  const input: any[] = Array.isArray(body?.input) ? body.input : [];
  let lastPrompt = -1;
  input.forEach((item, i) => {
    if (item?.type === 'message' && item.role === 'user') lastPrompt = i;
  });
  // After a compaction the history is replaced by a summary (a user message): carry on from the turn it names.
  let turns = Number(COMPACTED_AT.exec(textOf(input[lastPrompt]))?.[1] ?? 0);
  let inCalls = false;
  for (const item of input.slice(lastPrompt + 1)) {
    const type = item?.type;
    if (type === 'function_call' || type === 'custom_tool_call' || type === 'local_shell_call' || type === 'tool_search_call') {
      if (!inCalls) turns++;
      inCalls = true;
    } else if (type === 'function_call_output' || type === 'custom_tool_call_output' || type === 'tool_search_output') {
      // outputs close a group of calls only when the next call arrives after them
      inCalls = false;
    } else if (type === 'message' && item.role === 'assistant') {
      turns++;
      inCalls = false;
    }
  }
  return turns;
}

/** Codex's compaction request: the conversation so far, then a user message with the summary prompt. */
function isCodexCompaction(body: any): boolean {
  const input: any[] = Array.isArray(body?.input) ? body.input : [];
  const last = input[input.length - 1];
  return last?.type === 'message' && last.role === 'user' && textOf(last).includes(CODEX_COMPACT_PROMPT);
}

function openaiStream(res: http.ServerResponse, model: string, turn: Turn): void {
  const responseId = nextId('resp');
  const events: Array<Record<string, unknown>> = [];
  events.push({
    type: 'response.created',
    response: { id: responseId, object: 'response', status: 'in_progress', model, output: [] },
  });
  let outputIndex = 0;
  const push = (item: Record<string, unknown>): void => {
    events.push({ type: 'response.output_item.added', output_index: outputIndex, item: { ...item, status: 'in_progress' } });
    events.push({ type: 'response.output_item.done', output_index: outputIndex, item: { ...item, status: 'completed' } });
    outputIndex++;
  };
  if (turn.text !== undefined) {
    const id = nextId('msg');
    events.push({
      type: 'response.output_item.added',
      output_index: outputIndex,
      item: { type: 'message', id, role: 'assistant', status: 'in_progress', content: [] },
    });
    events.push({ type: 'response.output_text.delta', item_id: id, output_index: outputIndex, content_index: 0, delta: turn.text });
    events.push({
      type: 'response.output_item.done',
      output_index: outputIndex,
      item: {
        type: 'message',
        id,
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: turn.text, annotations: [] }],
      },
    });
    outputIndex++;
  }
  for (const call of turn.calls ?? []) {
    const callId = nextId('call');
    if (call.toolSearch) {
      push({ type: 'tool_search_call', id: nextId('tsc'), call_id: callId, execution: 'client', arguments: call.input });
    } else if (call.custom) {
      push({ type: 'custom_tool_call', id: nextId('ctc'), call_id: callId, name: call.name, input: String(call.input) });
    } else {
      push({
        type: 'function_call',
        id: nextId('fc'),
        call_id: callId,
        name: call.name,
        ...(call.namespace ? { namespace: call.namespace } : {}),
        arguments: typeof call.input === 'string' ? call.input : JSON.stringify(call.input),
      });
    }
  }
  events.push({
    type: 'response.completed',
    response: {
      id: responseId,
      object: 'response',
      status: 'completed',
      model,
      output: [],
      usage: {
        input_tokens: (turn.usage ?? 120) - 20,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 20,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: turn.usage ?? 120,
      },
    },
  });
  sse(res, events);
}

// ---------- Gemini API ----------

const isPrompt = (c: any): boolean =>
  c?.role === 'user' && Array.isArray(c.parts) && !c.parts.some((p: any) => p?.functionResponse !== undefined);

function geminiTurnIndex(body: any): number {
  const contents: any[] = Array.isArray(body?.contents) ? body.contents : [];
  let lastPrompt = -1;
  contents.forEach((c, i) => {
    if (isPrompt(c)) lastPrompt = i;
  });
  return contents.slice(lastPrompt + 1).filter((c) => c?.role === 'model').length;
}

function geminiResponse(turn: Turn): Record<string, unknown> {
  const parts: any[] = [];
  if (turn.text !== undefined) parts.push({ text: turn.text });
  for (const call of turn.calls ?? []) parts.push({ functionCall: { id: nextId('fc'), name: call.name, args: call.input } });
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 20, totalTokenCount: turn.usage ?? 120 },
    modelVersion: 'butler-e2e',
  };
}

/** Side requests ask for JSON with a schema (next speaker, routing, loop checks): an answer that ends the turn. */
function geminiSide(body: any): Turn {
  const wantsJson = body?.generationConfig?.responseMimeType === 'application/json';
  if (!wantsJson) return { text: 'Butler e2e' };
  return { text: JSON.stringify({ reasoning: 'butler e2e', next_speaker: 'user', model_choice: 'flash', title: 'Butler e2e' }) };
}

// ---------- server ----------

export async function startModelServer(initial: Turn[] = []): Promise<ModelServer> {
  let script: Turn[] = initial;
  const requests: RecordedRequest[] = [];

  const pickTurn = (index: number): Turn => script[index] ?? { text: FINAL_TEXT };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: any = undefined;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const method = req.method ?? 'GET';
      const rec: RecordedRequest = { api: 'other', method, path, headers: req.headers, body, main: false };
      requests.push(rec);
      try {
        if (method === 'POST' && path.endsWith('/messages/count_tokens')) {
          rec.api = 'anthropic';
          json(res, 200, { input_tokens: 100 });
          return;
        }
        if (method === 'POST' && path.endsWith('/messages')) {
          rec.api = 'anthropic';
          const model = String(body?.model ?? 'claude-test');
          rec.main = Array.isArray(body?.tools) && body.tools.length > 0;
          const turn = rec.main ? pickTurn((rec.turn = anthropicTurnIndex(body))) : { text: anthropicSideText(body) };
          if (body?.stream === false) {
            json(res, 200, {
              id: nextId('msg'),
              type: 'message',
              role: 'assistant',
              model,
              content: [{ type: 'text', text: turn.text ?? FINAL_TEXT }],
              stop_reason: 'end_turn',
              stop_sequence: null,
              usage: { input_tokens: 100, output_tokens: 5 },
            });
            return;
          }
          anthropicStream(res, model, turn);
          return;
        }
        if (method === 'POST' && path.endsWith('/responses')) {
          rec.api = 'openai';
          rec.main = Array.isArray(body?.tools) && body.tools.length > 0;
          let turn: Turn = rec.main ? pickTurn((rec.turn = openaiTurnIndex(body))) : { text: 'Butler e2e' };
          if (!rec.main && isCodexCompaction(body)) {
            const played = openaiTurnIndex({ input: body.input.slice(0, -1) });
            turn = { text: `Summary of the session so far. [butler-e2e compacted after turn ${played}]` };
          }
          openaiStream(res, String(body?.model ?? 'gpt-test'), turn);
          return;
        }
        const gemini = /\/models\/([^/:]+):(streamGenerateContent|generateContent|countTokens)$/.exec(path);
        if (method === 'POST' && gemini) {
          rec.api = 'gemini';
          if (gemini[2] === 'countTokens') {
            json(res, 200, { totalTokens: 100 });
            return;
          }
          const tools: any[] = Array.isArray(body?.tools) ? body.tools : [];
          rec.main = tools.some((t) => Array.isArray(t?.functionDeclarations) && t.functionDeclarations.length > 0);
          const turn = rec.main ? pickTurn((rec.turn = geminiTurnIndex(body))) : geminiSide(body);
          if (gemini[2] === 'generateContent') json(res, 200, geminiResponse(turn));
          else sse(res, [geminiResponse(turn)], false);
          return;
        }
        if (method === 'GET' && path.endsWith('/models')) {
          json(res, 200, { object: 'list', data: [], models: [] });
          return;
        }
        json(res, 404, { error: { type: 'not_found_error', message: `model server: no route ${method} ${path}` } });
      } catch (err) {
        json(res, 500, { error: { type: 'api_error', message: String(err) } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    setScript(turns) {
      script = turns;
    },
    mainRequests(api) {
      return requests.filter((r) => r.api === api && r.main);
    },
    reset() {
      requests.length = 0;
      script = [];
    },
    dump(name) {
      const dir = process.env.BUTLER_E2E_DUMP;
      if (!dir) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(requests, null, 1));
    },
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      });
    },
  };
}
