import type { Collector } from './collector.js';
import { resolveAgainst } from './collector.js';
import { cite, isRecord, parseOutcome, str, userText } from './output.js';

export interface LogContext {
  cwd: string | null;
}

const EDIT_TOOLS: Record<string, string> = {
  Write: 'file_path',
  Edit: 'file_path',
  MultiEdit: 'file_path',
  NotebookEdit: 'notebook_path',
};
const BUTLER_PREFIX = 'mcp__butler__';

/** True for the top-level shape of Claude Code transcript entries. */
export function looksClaude(e: Record<string, unknown>): boolean {
  const t = e.type;
  if (typeof e.payload === 'object' && e.payload !== null) return false;
  if (t === 'user' || t === 'assistant') return isRecord(e.message) || typeof e.uuid === 'string';
  return typeof e.sessionId === 'string' || typeof e.leafUuid === 'string' || t === 'queue-operation' || t === 'file-history-snapshot';
}

/**
 * One Claude Code transcript entry. Requests come from user entries that are not meta, sidechain,
 * compaction summaries or tool results; calls from assistant `tool_use` blocks; outcomes from
 * the matching `tool_result` (`is_error`, `Exit code N`).
 */
export function claudeEntry(e: Record<string, unknown>, line: number, c: Collector, ctx: LogContext): void {
  if (typeof e.cwd === 'string' && e.cwd) ctx.cwd = e.cwd;
  const at = cite(line, e.timestamp);
  const message = isRecord(e.message) ? e.message : null;
  if (!message) return;
  const content = message.content;
  if (e.type === 'user') {
    const own = e.isMeta !== true && e.isSidechain !== true && e.isCompactSummary !== true && e.isVisibleInTranscriptOnly !== true;
    if (typeof content === 'string') {
      if (own) c.request(userText(content), at);
      return;
    }
    if (!Array.isArray(content)) return;
    const texts: string[] = [];
    for (const block of content) {
      if (!isRecord(block)) continue;
      if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
      if (block.type === 'tool_result' && typeof block.tool_use_id === 'string') {
        const out = parseOutcome(block.content, block.is_error === true);
        const tur = e.toolUseResult;
        if (isRecord(tur) && tur.interrupted === true) out.isError = true;
        c.result(block.tool_use_id, out, at, true);
      }
    }
    if (own && texts.length) c.request(userText(texts.join('\n')), at);
    return;
  }
  if (e.type !== 'assistant' || !Array.isArray(content)) return;
  for (const block of content) {
    if (isRecord(block) && block.type === 'text' && typeof block.text === 'string' && e.isSidechain !== true)
      c.assistantText(block.text, at);
    if (!isRecord(block) || block.type !== 'tool_use') continue;
    const name = str(block.name) ?? '';
    const id = str(block.id);
    const input = isRecord(block.input) ? block.input : {};
    if (name === 'Bash') {
      const cmd = str(input.command);
      if (cmd) c.command(cmd, at, id);
      else c.otherCall(name, id);
    } else if (name in EDIT_TOOLS) {
      const file = str(input[EDIT_TOOLS[name]!]);
      if (file) c.edit(name, name, resolveAgainst(ctx.cwd, file), at, id);
      else c.otherCall(name, id);
    } else if (name === 'TodoWrite') {
      c.todoList(input.todos, at);
      c.otherCall(name, id);
    } else if (name.startsWith(BUTLER_PREFIX)) {
      c.butlerCall(name.slice(BUTLER_PREFIX.length), block.input, at, id);
    } else if (name) {
      c.otherCall(name, id);
    }
  }
}
