import type { LogContext } from './claude.js';
import { resolveAgainst, type Collector } from './collector.js';
import { cite, commandText, contentText, isRecord, parseOutcome, str, userText } from './output.js';

const ROLLOUT_TYPES = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);
/** Items of the older rollout files, written without the `{timestamp, type, payload}` wrapper. */
const BARE_ITEMS = new Set([
  'message',
  'function_call',
  'function_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
  'local_shell_call',
]);
const SHELL_TOOLS = new Set(['exec_command', 'shell', 'shell_command', 'container.exec', 'local_shell']);
const BUTLER_NS = 'mcp__butler';

export function looksCodex(e: Record<string, unknown>): boolean {
  if (typeof e.type === 'string' && ROLLOUT_TYPES.has(e.type) && isRecord(e.payload)) return true;
  return typeof e.type === 'string' && BARE_ITEMS.has(e.type) && typeof e.uuid !== 'string';
}

function parseArgs(raw: unknown): Record<string, unknown> {
  if (isRecord(raw)) return raw;
  if (typeof raw !== 'string') return {};
  try {
    const v: unknown = JSON.parse(raw);
    return isRecord(v) ? v : { input: raw };
  } catch {
    return { input: raw };
  }
}

const PATCH_LINE = /^\*\*\* (Add File|Update File|Delete File|Move to): (.+)$/gm;
const PATCH_LABEL: Record<string, string> = { 'Add File': 'add', 'Update File': 'update', 'Delete File': 'delete', 'Move to': 'move' };

/** The files an apply_patch body touches, from its `*** Add/Update/Delete File:` and `*** Move to:` lines. */
export function patchFiles(patch: string): { op: string; file: string }[] {
  const out: { op: string; file: string }[] = [];
  for (const m of patch.matchAll(PATCH_LINE)) out.push({ op: PATCH_LABEL[m[1]!]!, file: m[2]!.trim() });
  return out;
}

function recordPatch(c: Collector, patch: string, base: string | null, at: string, callId: string | null): boolean {
  const files = patchFiles(patch);
  for (const f of files) c.edit('apply_patch', f.op, resolveAgainst(base, f.file), at, callId);
  return files.length > 0;
}

/**
 * One Codex rollout line. Requests come from `event_msg` `user_message` (and user `message` items
 * that are not injected context); calls from `function_call` / `custom_tool_call` /
 * `local_shell_call`; outcomes from their `*_output` items or `exec_command_end` events.
 */
export function codexEntry(e: Record<string, unknown>, line: number, c: Collector, ctx: LogContext): void {
  const at = cite(line, e.timestamp);
  const wrapped = isRecord(e.payload);
  const p = wrapped ? (e.payload as Record<string, unknown>) : e;
  const kind = wrapped ? e.type : 'response_item';
  if (kind === 'session_meta' || kind === 'turn_context') {
    if (typeof p.cwd === 'string' && p.cwd) ctx.cwd = p.cwd;
    return;
  }
  if (kind === 'event_msg') return codexEvent(p, at, c);
  if (kind !== 'response_item') return;
  const callId = str(p.call_id) ?? str(p.id);
  switch (p.type) {
    case 'message':
      if (p.role === 'user') c.request(userText(contentText(p.content)), at);
      else if (p.role === 'assistant') c.assistantText(contentText(p.content), at);
      return;
    case 'function_call': {
      const name = str(p.name) ?? '';
      const args = parseArgs(p.arguments);
      const base = str(args.workdir) ? resolveAgainst(ctx.cwd, args.workdir as string) : ctx.cwd;
      if (p.namespace === BUTLER_NS || name.startsWith(`${BUTLER_NS}__`)) {
        const tool = name.startsWith(`${BUTLER_NS}__`) ? name.slice(BUTLER_NS.length + 2) : name;
        c.butlerCall(tool, args, at, callId);
      } else if (SHELL_TOOLS.has(name)) {
        const cmd = commandText(args.cmd ?? args.command);
        if (cmd && cmd.includes('*** Begin Patch') && recordPatch(c, cmd, base, at, callId)) return;
        if (cmd) c.command(cmd, at, callId);
        else c.otherCall(name, callId);
      } else if (name === 'update_plan') {
        c.todoList(args.plan, at);
        c.otherCall(name, callId);
      } else if (name === 'apply_patch') {
        const body = str(args.input) ?? str(args.patch) ?? '';
        if (!recordPatch(c, body, base, at, callId)) c.otherCall(name, callId);
      } else if (name) {
        c.otherCall(name, callId);
      }
      return;
    }
    case 'custom_tool_call': {
      const name = str(p.name) ?? '';
      if (name === 'apply_patch' && recordPatch(c, str(p.input) ?? '', ctx.cwd, at, callId)) return;
      if (name) c.otherCall(name, callId);
      return;
    }
    case 'local_shell_call': {
      const action = isRecord(p.action) ? p.action : {};
      const cmd = commandText(action.command);
      if (cmd) c.command(cmd, at, callId);
      return;
    }
    case 'function_call_output':
    case 'custom_tool_call_output':
      if (callId) c.result(callId, parseOutcome(p.output), at, false);
      return;
    default:
  }
}

function codexEvent(p: Record<string, unknown>, at: string, c: Collector): void {
  const callId = str(p.call_id);
  switch (p.type) {
    case 'user_message':
      if (typeof p.message === 'string') c.request(userText(p.message), at);
      return;
    case 'exec_command_end':
      if (callId && typeof p.exit_code === 'number') {
        const text = str(p.stderr) || str(p.aggregated_output) || str(p.formatted_output) || '';
        c.result(callId, { text, exitCode: p.exit_code, isError: p.exit_code !== 0 }, at, false);
      }
      return;
    case 'patch_apply_end':
      if (callId) c.result(callId, { text: str(p.stderr) ?? '', exitCode: null, isError: p.success === false }, at, false);
      return;
    case 'item_completed':
      if (isRecord(p.item)) completedItem(p.item, at, c);
      return;
    case 'mcp_tool_call_end':
      if (callId && isRecord(p.result)) {
        const r = p.result;
        const out = 'Err' in r ? { text: String(r.Err), exitCode: null, isError: true } : parseOutcome(r.Ok ?? r);
        c.result(callId, out, at, false);
      }
      return;
    default:
  }
}

/** Codex 0.17x `item_completed` events: the typed outcome of a command, a file change or an MCP call. */
function completedItem(item: Record<string, unknown>, at: string, c: Collector): void {
  const id = str(item.id);
  if (!id) return;
  const failed = item.status === 'failed' || item.status === 'declined';
  if (item.type === 'CommandExecution') {
    const exit = typeof item.exit_code === 'number' ? item.exit_code : null;
    if (exit === null && !failed) return; // still running: leave it to the function_call_output
    const text = str(item.aggregated_output) ?? '';
    c.result(id, { text, exitCode: exit, isError: failed || (exit !== null && exit !== 0) }, at, false);
  } else if (item.type === 'FileChange') {
    c.result(id, { text: str(item.stderr) || str(item.stdout) || '', exitCode: null, isError: failed }, at, false);
  } else if (item.type === 'McpToolCall') {
    const out = parseOutcome(item.result ?? item.error ?? '', failed);
    if (isRecord(item.error)) out.isError = true;
    c.result(id, out, at, false);
  }
}
