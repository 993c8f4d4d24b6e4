import {
  BRAIN_CODEX,
  PRE_COMPACT_MATCHER,
  PRE_COMPACT_TIMEOUT,
  PRE_TOOL_USE_MATCHER,
  PRE_TOOL_USE_TIMEOUT,
  SESSION_END_TIMEOUT,
  SESSION_START_MATCHER,
  SESSION_START_TIMEOUT,
  MCP_SCRIPT,
  codexLauncher,
  shQuoted,
  type GuardForm,
} from './constants.js';
import { bundledGuard, guardLauncher } from './guard-launcher.js';
import { applyHookGroups, foreignServer, hasAnyOwnHandler, isOwnServer, type HookGroup } from './json.js';
import { planJsonEdit, readRel, wantsSessionEnd, type FileChange, type InstallContext } from './plan.js';
import { butlerEntry, parseToml, setButlerTable } from './toml.js';

export const CODEX_HOOKS = '.codex/hooks.json';
export const CODEX_CONFIG = '.codex/config.toml';

export const codexCommands = {
  sessionStart: shQuoted(codexLauncher('session-start.cjs', `--brain ${BRAIN_CODEX}`)),
  /** Codex runs hooks in the session's folder: the walk up starts there (src/install/guard-launcher.ts). */
  preToolUse: (sum: string) => shQuoted(guardLauncher('$PWD', sum)),
  /** Where sh and awk are missing (native Windows): the Node hook alone. */
  preToolUseNode: shQuoted(codexLauncher('pre-tool-use.cjs', '')),
  preCompact: shQuoted(codexLauncher('pre-compact.cjs', `--brain ${BRAIN_CODEX}`)),
  sessionEnd: shQuoted(codexLauncher('pre-compact.cjs', `--brain ${BRAIN_CODEX} --trigger session-end`)),
};

/** Butler's hook entries for Codex, one per event; SessionEnd is null (removed) unless asked for. */
export function codexHookGroups(guard: GuardForm = 'shell', sessionEnd = false, sum = ''): Record<string, HookGroup | null> {
  return {
    SessionStart: {
      matcher: SESSION_START_MATCHER,
      hooks: [{ type: 'command', command: codexCommands.sessionStart, timeout: SESSION_START_TIMEOUT }],
    },
    PreToolUse: {
      matcher: PRE_TOOL_USE_MATCHER,
      hooks: [
        {
          type: 'command',
          command: guard === 'shell' ? codexCommands.preToolUse(sum) : codexCommands.preToolUseNode,
          timeout: PRE_TOOL_USE_TIMEOUT,
        },
      ],
    },
    PreCompact: {
      matcher: PRE_COMPACT_MATCHER,
      hooks: [{ type: 'command', command: codexCommands.preCompact, timeout: PRE_COMPACT_TIMEOUT }],
    },
    SessionEnd: sessionEnd ? { hooks: [{ type: 'command', command: codexCommands.sessionEnd, timeout: SESSION_END_TIMEOUT }] } : null,
  };
}

/** What `[mcp_servers.butler]` must parse to. Approval "approve": non-interactive calls fail otherwise. */
export function codexMcpEntry(): Record<string, unknown> {
  return { command: 'sh', args: ['-c', MCP_SCRIPT], default_tools_approval_mode: 'approve' };
}

/** TOML literal strings ('…') keep the shell script readable: no escaping of `"` or `$`. */
function literal(s: string): string {
  if (s.includes("'") || /[\n\r]/.test(s)) throw new Error('internal: not representable as a TOML literal string');
  return `'${s}'`;
}

export function codexMcpTable(): string {
  return [
    '[mcp_servers.butler]',
    '# Written by `butler install`; `butler uninstall` removes this table. Finds the project root at run time.',
    `command = "sh"`,
    `args = ["-c", ${literal(MCP_SCRIPT)}]`,
    `default_tools_approval_mode = "approve"`,
  ].join('\n');
}

async function planToml(ctx: { root: string; force?: boolean }, install: boolean): Promise<FileChange | null> {
  const before = await readRel(ctx, CODEX_CONFIG);
  const current = before === null ? undefined : butlerEntry(parseToml(CODEX_CONFIG, before));
  if (current !== undefined && !isOwnServer(current)) {
    // Not Butler's table: install refuses (unless --force), uninstall leaves it.
    if (!install) return null;
    if (!ctx.force) throw foreignServer(CODEX_CONFIG, '[mcp_servers.butler]');
  }
  const after = setButlerTable(CODEX_CONFIG, before, install ? codexMcpTable() : null, install ? codexMcpEntry() : undefined);
  if (after === null) return null;
  if (after.trim() === '')
    return { path: CODEX_CONFIG, before, after: null, note: 'MCP server "butler" removed (file removed: nothing else in it)' };
  return {
    path: CODEX_CONFIG,
    before,
    after,
    note: install ? 'MCP server "butler" for Codex ([mcp_servers.butler])' : 'MCP server "butler" removed',
  };
}

export async function planCodex(ctx: InstallContext): Promise<FileChange[]> {
  const sessionEnd = await wantsSessionEnd(ctx, [CODEX_HOOKS], (o) => hasAnyOwnHandler(o, 'SessionEnd'));
  const sum = (await bundledGuard(ctx.bundleDir))?.sum ?? '';
  const changes = await Promise.all([
    planJsonEdit(ctx, CODEX_HOOKS, `Codex hooks (SessionStart, PreToolUse, PreCompact${sessionEnd ? ', SessionEnd' : ''})`, (obj) =>
      applyHookGroups(CODEX_HOOKS, obj, codexHookGroups(ctx.guardForm, sessionEnd, sum)),
    ),
    planToml(ctx, true),
  ]);
  return changes.filter((c): c is FileChange => c !== null);
}

export async function unplanCodex(ctx: { root: string }): Promise<FileChange[]> {
  const changes = await Promise.all([
    planJsonEdit(ctx, CODEX_HOOKS, 'Butler hooks removed', (obj) =>
      applyHookGroups(CODEX_HOOKS, obj, Object.fromEntries(Object.keys(codexHookGroups()).map((e) => [e, null]))),
    ),
    planToml(ctx, false),
  ]);
  return changes.filter((c): c is FileChange => c !== null);
}
