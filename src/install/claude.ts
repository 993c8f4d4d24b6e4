import {
  BIN_DIR,
  BRAIN_CLAUDE,
  type GuardForm,
  MCP_SCRIPT,
  PRE_COMPACT_MATCHER,
  PRE_COMPACT_TIMEOUT,
  PRE_TOOL_USE_MATCHER,
  PRE_TOOL_USE_TIMEOUT,
  SERVER_NAME,
  SESSION_END_TIMEOUT,
  SESSION_START_MATCHER,
  SESSION_START_TIMEOUT,
} from './constants.js';
import { bundledGuard, guardLauncher } from './guard-launcher.js';
import {
  applyHookGroups,
  foreignServer,
  hasAnyOwnHandler,
  isObject,
  isOwnServer,
  unexpectedShape,
  type HookGroup,
  type Json,
  type JsonObject,
} from './json.js';
import { planJsonEdit, wantsSessionEnd, type FileChange, type InstallContext } from './plan.js';

export const CLAUDE_LOCAL = '.claude/settings.local.json';
export const CLAUDE_SHARED = '.claude/settings.json';
export const MCP_JSON = '.mcp.json';

/** Claude Code sets $CLAUDE_PROJECT_DIR for hooks, so the command is the same in every clone. */
export const claudeCommands = {
  sessionStart: `node "$CLAUDE_PROJECT_DIR"/${BIN_DIR}/session-start.cjs --brain ${BRAIN_CLAUDE}`,
  /** The pre-filter, checked against `sum` (its SHA-256) before it runs (src/install/guard-launcher.ts). */
  preToolUse: (sum: string) => guardLauncher('"${CLAUDE_PROJECT_DIR:-$PWD}"', sum),
  /** Where sh and awk are missing (native Windows): the Node hook alone. */
  preToolUseNode: `node "$CLAUDE_PROJECT_DIR"/${BIN_DIR}/pre-tool-use.cjs`,
  preCompact: `node "$CLAUDE_PROJECT_DIR"/${BIN_DIR}/pre-compact.cjs --brain ${BRAIN_CLAUDE}`,
  sessionEnd: `node "$CLAUDE_PROJECT_DIR"/${BIN_DIR}/pre-compact.cjs --brain ${BRAIN_CLAUDE} --trigger session-end`,
  /** Claude Code's PostCompact input carries `compact_summary`: the summary the client just paid for (issue 22). */
  postCompact: `node "$CLAUDE_PROJECT_DIR"/${BIN_DIR}/pre-compact.cjs --brain ${BRAIN_CLAUDE} --trigger post-compact`,
};

/**
 * Butler's hook entries for Claude Code, one per event (uninstall removes every event named here);
 * SessionEnd is null (removed) unless asked for.
 */
export function claudeHookGroups(guard: GuardForm = 'shell', sessionEnd = false, sum = ''): Record<string, HookGroup | null> {
  return {
    SessionStart: {
      matcher: SESSION_START_MATCHER,
      hooks: [{ type: 'command', command: claudeCommands.sessionStart, timeout: SESSION_START_TIMEOUT }],
    },
    PreToolUse: {
      matcher: PRE_TOOL_USE_MATCHER,
      hooks: [
        {
          type: 'command',
          command: guard === 'shell' ? claudeCommands.preToolUse(sum) : claudeCommands.preToolUseNode,
          timeout: PRE_TOOL_USE_TIMEOUT,
        },
      ],
    },
    PreCompact: {
      matcher: PRE_COMPACT_MATCHER,
      hooks: [{ type: 'command', command: claudeCommands.preCompact, timeout: PRE_COMPACT_TIMEOUT }],
    },
    PostCompact: {
      matcher: PRE_COMPACT_MATCHER,
      hooks: [{ type: 'command', command: claudeCommands.postCompact, timeout: PRE_COMPACT_TIMEOUT }],
    },
    SessionEnd: sessionEnd ? { hooks: [{ type: 'command', command: claudeCommands.sessionEnd, timeout: SESSION_END_TIMEOUT }] } : null,
  };
}

/**
 * Claude Code starts project MCP servers in the folder it was launched from, which may be a subfolder
 * (a relative `.butler/bin/butler.mjs` then fails to connect): the launcher finds the project first.
 */
export function claudeMcpEntry(): JsonObject {
  return { type: 'stdio', command: 'sh', args: ['-c', MCP_SCRIPT] };
}

const NO_GROUPS = (): Record<string, null> => Object.fromEntries(Object.keys(claudeHookGroups()).map((e) => [e, null]));

function setApproval(file: string, obj: JsonObject, on: boolean): void {
  if (obj.enabledMcpjsonServers !== undefined && !Array.isArray(obj.enabledMcpjsonServers)) {
    throw unexpectedShape(file, 'enabledMcpjsonServers', 'a list of server names');
  }
  const list = obj.enabledMcpjsonServers;
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

function servers(obj: JsonObject): JsonObject | null {
  if (obj.mcpServers === undefined) return null;
  if (!isObject(obj.mcpServers)) throw unexpectedShape(MCP_JSON, 'mcpServers', 'an object of servers');
  return obj.mcpServers;
}

export async function planClaude(ctx: InstallContext): Promise<FileChange[]> {
  const target = ctx.personal ? CLAUDE_LOCAL : CLAUDE_SHARED;
  const other = ctx.personal ? CLAUDE_SHARED : CLAUDE_LOCAL;
  const sessionEnd = await wantsSessionEnd(ctx, [target, other], (o) => hasAnyOwnHandler(o, 'SessionEnd'));
  const sum = (await bundledGuard(ctx.bundleDir))?.sum ?? '';
  const changes = await Promise.all([
    planJsonEdit(
      ctx,
      target,
      `Claude Code hooks (SessionStart, PreToolUse, PreCompact, PostCompact${sessionEnd ? ', SessionEnd' : ''}) and MCP approval`,
      (obj) => {
        applyHookGroups(target, obj, claudeHookGroups(ctx.guardForm, sessionEnd, sum));
        setApproval(target, obj, true);
      },
    ),
    // A previous install into the other settings file: move the hooks, leave the rest alone.
    planJsonEdit(ctx, other, 'Butler hooks moved to ' + target, (obj) => applyHookGroups(other, obj, NO_GROUPS())),
    planJsonEdit(ctx, MCP_JSON, 'MCP server "butler" for Claude Code', (obj) => {
      const list = servers(obj) ?? {};
      const current = list[SERVER_NAME];
      if (current !== undefined && !isOwnServer(current) && !ctx.force) throw foreignServer(MCP_JSON, `"${SERVER_NAME}"`);
      list[SERVER_NAME] = claudeMcpEntry();
      obj.mcpServers = list;
    }),
  ]);
  return changes.filter((c): c is FileChange => c !== null);
}

export async function unplanClaude(ctx: { root: string }): Promise<FileChange[]> {
  const strip = (file: string) => (obj: JsonObject) => {
    applyHookGroups(file, obj, NO_GROUPS());
    setApproval(file, obj, false);
  };
  const changes = await Promise.all([
    planJsonEdit(ctx, CLAUDE_LOCAL, 'Butler hooks removed', strip(CLAUDE_LOCAL)),
    planJsonEdit(ctx, CLAUDE_SHARED, 'Butler hooks removed', strip(CLAUDE_SHARED)),
    planJsonEdit(ctx, MCP_JSON, 'MCP server "butler" removed', (obj) => {
      const list = servers(obj);
      // A user's own server named butler stays: uninstall removes only what install wrote.
      if (!list || !isOwnServer(list[SERVER_NAME])) return;
      delete list[SERVER_NAME];
      if (Object.keys(list).length === 0) delete obj.mcpServers;
    }),
  ]);
  return changes.filter((c): c is FileChange => c !== null);
}
