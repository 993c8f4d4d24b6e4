import {
  BIN_DIR,
  BRAIN_CLAUDE,
  PRE_TOOL_USE_MATCHER,
  PRE_TOOL_USE_TIMEOUT,
  SERVER_NAME,
  SESSION_START_MATCHER,
  SESSION_START_TIMEOUT,
} from './constants.js';
import { applyHookGroups, isObject, type HookGroup, type Json, type JsonObject } from './json.js';
import { planJsonEdit, type FileChange, type InstallContext } from './plan.js';

export const CLAUDE_LOCAL = '.claude/settings.local.json';
export const CLAUDE_SHARED = '.claude/settings.json';
export const MCP_JSON = '.mcp.json';

/** Claude Code sets $CLAUDE_PROJECT_DIR for hooks, so the command is the same in every clone. */
export const claudeCommands = {
  sessionStart: `node "$CLAUDE_PROJECT_DIR"/${BIN_DIR}/session-start.mjs --brain ${BRAIN_CLAUDE}`,
  preToolUse: `node "$CLAUDE_PROJECT_DIR"/${BIN_DIR}/pre-tool-use.mjs`,
};

export function claudeHookGroups(): Record<string, HookGroup> {
  return {
    SessionStart: {
      matcher: SESSION_START_MATCHER,
      hooks: [{ type: 'command', command: claudeCommands.sessionStart, timeout: SESSION_START_TIMEOUT }],
    },
    PreToolUse: {
      matcher: PRE_TOOL_USE_MATCHER,
      hooks: [{ type: 'command', command: claudeCommands.preToolUse, timeout: PRE_TOOL_USE_TIMEOUT }],
    },
  };
}

/** Claude Code starts project MCP servers in the project root; a relative path works in every clone. */
export function claudeMcpEntry(): JsonObject {
  return { type: 'stdio', command: 'node', args: [`${BIN_DIR}/butler.mjs`, 'mcp'] };
}

const NO_GROUPS = { SessionStart: null, PreToolUse: null };

function setApproval(obj: JsonObject, on: boolean): void {
  const list = Array.isArray(obj.enabledMcpjsonServers) ? obj.enabledMcpjsonServers : null;
  if (on) {
    if (!list) obj.enabledMcpjsonServers = [SERVER_NAME];
    else if (!list.includes(SERVER_NAME)) list.push(SERVER_NAME);
    return;
  }
  if (!list || !list.includes(SERVER_NAME)) return;
  const rest = list.filter((s: Json) => s !== SERVER_NAME);
  if (rest.length > 0) obj.enabledMcpjsonServers = rest;
  else delete obj.enabledMcpjsonServers;
}

export async function planClaude(ctx: InstallContext): Promise<FileChange[]> {
  const target = ctx.shared ? CLAUDE_SHARED : CLAUDE_LOCAL;
  const other = ctx.shared ? CLAUDE_LOCAL : CLAUDE_SHARED;
  const changes = await Promise.all([
    planJsonEdit(ctx, target, 'Claude Code hooks (SessionStart, PreToolUse) and MCP approval', (obj) => {
      applyHookGroups(obj, claudeHookGroups());
      setApproval(obj, true);
    }),
    // A previous install into the other settings file: move the hooks, leave the rest alone.
    planJsonEdit(ctx, other, 'Butler hooks moved to ' + target, (obj) => applyHookGroups(obj, NO_GROUPS)),
    planJsonEdit(ctx, MCP_JSON, 'MCP server "butler" for Claude Code', (obj) => {
      const servers = isObject(obj.mcpServers) ? obj.mcpServers : {};
      servers[SERVER_NAME] = claudeMcpEntry();
      obj.mcpServers = servers;
    }),
  ]);
  return changes.filter((c): c is FileChange => c !== null);
}

export async function unplanClaude(ctx: { root: string }): Promise<FileChange[]> {
  const strip = (obj: JsonObject) => {
    applyHookGroups(obj, NO_GROUPS);
    setApproval(obj, false);
  };
  const changes = await Promise.all([
    planJsonEdit(ctx, CLAUDE_LOCAL, 'Butler hooks removed', strip),
    planJsonEdit(ctx, CLAUDE_SHARED, 'Butler hooks removed', strip),
    planJsonEdit(ctx, MCP_JSON, 'MCP server "butler" removed', (obj) => {
      if (!isObject(obj.mcpServers) || !(SERVER_NAME in obj.mcpServers)) return;
      delete obj.mcpServers[SERVER_NAME];
      if (Object.keys(obj.mcpServers).length === 0) delete obj.mcpServers;
    }),
  ]);
  return changes.filter((c): c is FileChange => c !== null);
}
