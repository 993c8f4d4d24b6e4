import type { LogContext } from './claude.js';
import { resolveAgainst, type Collector } from './collector.js';
import { cite, contentText, isRecord, str, userText } from './output.js';

/** Gemini CLI's edit tools and the argument naming the file (packages/core/src/tools: write-file, edit). */
const EDIT_TOOLS: Record<string, string> = { write_file: 'file_path', replace: 'file_path' };
const SHELL = 'run_shell_command';
const BUTLER_PREFIX = 'mcp_butler_';
const MESSAGE_TYPES = new Set(['user', 'gemini', 'info', 'error', 'warning']);

/**
 * Gemini CLI 0.61 session files (`~/.gemini/tmp/<project>/chats/session-*.jsonl`, packages/core
 * chatRecordingService): a metadata line `{sessionId, projectHash, startTime, …}`, message records
 * `{id, timestamp, type: "user" | "gemini" | …, content, toolCalls?}` (a record is written again, same
 * id, when its tool calls finish), and `{"$set": {…}}` updates.
 */
export function looksGemini(e: Record<string, unknown>): boolean {
  if (typeof e.sessionId === 'string' && typeof e.projectHash === 'string') return true;
  if (isRecord(e.$set)) return true;
  return typeof e.id === 'string' && typeof e.type === 'string' && MESSAGE_TYPES.has(e.type) && 'content' in e && !('uuid' in e);
}

/** The context Gemini CLI adds to the first prompt; its workspace folder is the session's working directory. */
const SESSION_CONTEXT = /<session_context>[\s\S]*?<\/session_context>/;
const WORKSPACE = /Workspace Directories:\*\*\s*\n\s*- (\S[^\n]*)/;
/** SessionStart's additionalContext, prepended to the prompt by Gemini CLI: not the user's words. */
const HOOK_CONTEXT = /<hook_context>[\s\S]*?<\/hook_context>\s*/g;

/** The workspace folder Gemini CLI names in a line's session context (its working directory), or null. */
export function geminiWorkspace(e: Record<string, unknown>): string | null {
  const records = isRecord(e.$set) && Array.isArray(e.$set.messages) ? e.$set.messages : [e];
  for (const r of records) {
    if (!isRecord(r)) continue;
    const ws = WORKSPACE.exec(partsText(r.content).text)?.[1]?.trim();
    if (ws) return ws;
  }
  return null;
}

function partsText(content: unknown): { text: string; toolResult: boolean } {
  if (typeof content === 'string') return { text: content, toolResult: false };
  if (!Array.isArray(content)) return { text: '', toolResult: false };
  const texts: string[] = [];
  let toolResult = false;
  for (const p of content) {
    if (!isRecord(p)) continue;
    if (p.functionResponse !== undefined) toolResult = true;
    if (typeof p.text === 'string') texts.push(p.text);
  }
  return { text: texts.join('\n'), toolResult };
}

/** Output of a finished call: the function response's `output` or `error`, and Gemini's `Exit Code: N` line. */
function outcome(call: Record<string, unknown>): { text: string; exitCode: number | null; isError: boolean } {
  const parts = Array.isArray(call.result) ? call.result : [];
  const texts: string[] = [];
  for (const p of parts) {
    const r = isRecord(p) && isRecord(p.functionResponse) ? p.functionResponse.response : undefined;
    if (isRecord(r)) texts.push(str(r.error) ?? str(r.output) ?? contentText(r.content ?? r));
  }
  const text = texts.join('\n') || (str(call.resultDisplay) ?? '');
  const exit = /(?:^|\n)\s*Exit Code:\s*(-?\d+)/.exec(text);
  return { text, exitCode: exit ? Number(exit[1]) : null, isError: call.status === 'error' || call.status === 'cancelled' };
}

function request(c: Collector, content: unknown, at: string, ctx: LogContext & { seen?: Set<string> }): void {
  const { text, toolResult } = partsText(content);
  if (toolResult) return;
  const ws = WORKSPACE.exec(text)?.[1];
  if (ws && !ctx.cwd) ctx.cwd = ws.trim();
  const own = text.replace(SESSION_CONTEXT, '').replace(HOOK_CONTEXT, '').trim();
  if (own) c.request(userText(own), at);
}

/** One Gemini CLI session line. Requests from user records; calls and their outcomes from finished `toolCalls`. */
export function geminiEntry(e: Record<string, unknown>, line: number, c: Collector, ctx: LogContext & { seen?: Set<string> }): void {
  const seen = (ctx.seen ??= new Set<string>());
  const records = isRecord(e.$set) && Array.isArray(e.$set.messages) ? e.$set.messages : [e];
  for (const r of records) {
    if (!isRecord(r) || typeof r.id !== 'string') continue;
    const at = cite(line, r.timestamp);
    if (r.type === 'user') {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      request(c, r.content, at, ctx);
      continue;
    }
    if (r.type !== 'gemini' || !Array.isArray(r.toolCalls)) continue;
    for (const call of r.toolCalls) {
      if (!isRecord(call) || typeof call.id !== 'string' || seen.has(`call:${call.id}`)) continue;
      // A call is recorded once it has a result; an earlier copy without one is skipped.
      if (call.status !== 'success' && call.status !== 'error' && call.status !== 'cancelled') continue;
      seen.add(`call:${call.id}`);
      const name = str(call.name) ?? '';
      const args = isRecord(call.args) ? call.args : {};
      const at2 = cite(line, call.timestamp ?? r.timestamp);
      if (name === SHELL && typeof args.command === 'string') c.command(args.command, at2, call.id);
      else if (name in EDIT_TOOLS && typeof args[EDIT_TOOLS[name]!] === 'string')
        c.edit(name, name, resolveAgainst(ctx.cwd, args[EDIT_TOOLS[name]!] as string), at2, call.id);
      else if (name.startsWith(BUTLER_PREFIX)) c.butlerCall(name.slice(BUTLER_PREFIX.length), call.args, at2, call.id);
      else c.otherCall(name, call.id);
      c.result(call.id, outcome(call), at2, true);
    }
  }
}
