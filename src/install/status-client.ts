// One client's entries in `butler status`, read as its record says they look (src/shared/clients/).
import type { ClientRecord } from '../shared/clients/index.js';
import { commandsFor, type HookCommands } from './client.js';
import { withStartSum } from './start-launcher.js';
import { SERVER_NAME, type GuardForm } from './constants.js';
import { launcherSum } from './guard-launcher.js';
import { guideFileFor, hasGuideBlock } from './guide.js';
import { hasOwnHookGroup, isObject, parseJsonObject, type JsonObject } from './json.js';
import { readRel } from './plan.js';
import { guardHandlers, preToolUseCommands } from './status-guard.js';
import { butlerEntry, parseToml } from './toml.js';

export interface ClientStatus {
  title: string;
  /** Anything of Butler's is there for this client; a client with nothing was left out by choice. */
  installed: boolean;
  /** The hooks file that holds Butler's SessionStart (the committed one or the personal one), or null. */
  settings_file: string | null;
  session_start: boolean;
  /** The guard: Claude Code's and Codex's PreToolUse, Gemini CLI's BeforeTool. */
  pre_tool_use: boolean;
  pre_compact: boolean;
  /** Only for a client whose record lists PostCompact. */
  post_compact?: boolean;
  session_end: boolean;
  pre_tool_use_form: GuardForm | null;
  /**
   * Every guard entry of Butler's carries the `onFailure` the client's record asks for (Claude Code's
   * "block", docs/decisions.md D34); an install made before it shows the same command without it.
   */
  pre_tool_use_on_failure: boolean;
  /** Butler's server entry in the client's MCP file. */
  mcp_server: boolean;
  /** Its tools run without a confirmation: approved (enabledMcpjsonServers), auto-approve, or trust. */
  mcp_approved: boolean;
  guidance: boolean;
  /** What a person must do once (null: nothing). */
  trust: string | null;
}

export async function jsonOrProblem(root: string, rel: string, problems: string[]): Promise<JsonObject | null> {
  const text = await readRel({ root }, rel);
  if (text === null) return null;
  try {
    return parseJsonObject(rel, text);
  } catch (err) {
    problems.push((err as Error).message);
    return null;
  }
}

const hasGuide = async (root: string, rel: string) => hasGuideBlock(await readRel({ root }, rel));

/**
 * Which guard command is installed: the hash-checked launcher of the shell pre-filter (its sum is the
 * runtime's, checked by status-guard.ts), or the plain Node command (native Windows, or an older install).
 */
function formOf(objs: (JsonObject | null)[], event: string, k: HookCommands): GuardForm | null {
  if (objs.some((o) => o && preToolUseCommands(o, event).some((c) => launcherSum(c) !== null))) return 'shell';
  return objs.some((o) => o && hasOwnHookGroup(o, event, k.preToolUseNode)) ? 'node' : null;
}

async function mcpEntryOf(root: string, c: ClientRecord, problems: string[]): Promise<unknown> {
  if (c.mcp.format === 'toml') {
    const toml = await readRel({ root }, c.mcp.file);
    if (toml === null) return undefined;
    try {
      return butlerEntry(parseToml(c.mcp.file, toml));
    } catch (err) {
      problems.push((err as Error).message);
      return undefined;
    }
  }
  const obj = await jsonOrProblem(root, c.mcp.file, c.mcp.file === c.hooks.file ? [] : problems);
  return isObject(obj?.mcpServers) ? obj.mcpServers[SERVER_NAME] : undefined;
}

/** A client's entries, as the table says they look (the commands install writes for it). */
export async function clientStatus(
  root: string,
  c: ClientRecord,
  problems: string[],
  hookFiles: { obj: JsonObject | null; event: string; key: string }[],
): Promise<ClientStatus> {
  const k = commandsFor(c);
  const ev = c.hooks.events;
  const files = [c.hooks.personalFile, c.hooks.file].filter((f): f is string => !!f);
  const objs = await Promise.all(files.map((f) => jsonOrProblem(root, f, problems)));
  for (const obj of objs) hookFiles.push({ obj, event: ev.guard.event, key: c.key });
  const has = (event: string, command: string) => objs.some((o) => o && hasOwnHookGroup(o, event, command));
  // The plain Node command, or the checked shell answer with any sum (start-launcher.ts; status-guard.ts checks content).
  const slot = '0'.repeat(64);
  const checked = commandsFor(c, '', slot).sessionStart;
  const isStart = (o: JsonObject) =>
    hasOwnHookGroup(o, ev.sessionStart.event, k.sessionStart) ||
    startCommands(o, ev.sessionStart.event).some((cmd) => withStartSum(cmd, slot) === checked);
  const withHooks = files.find((_, i) => objs[i] && isStart(objs[i]!)) ?? null;
  const entry = await mcpEntryOf(root, c, problems);
  const approvalKey = c.mcp.approvalKey;
  const approved = approvalKey
    ? objs.some((o) => Array.isArray(o?.[approvalKey]) && (o[approvalKey] as unknown[]).includes(SERVER_NAME))
    : isObject(entry) && Object.entries(c.mcp.after).every(([key, v]) => entry[key] === v);
  const form = formOf(objs, ev.guard.event, k);
  const preCompact = has(ev.preCompact.event, k.preCompact);
  return {
    title: c.title,
    installed: withHooks !== null || form !== null || preCompact || isObject(entry),
    settings_file: withHooks,
    session_start: withHooks !== null,
    pre_tool_use: form !== null,
    pre_tool_use_form: form,
    pre_tool_use_on_failure: objs.every(
      (o) => !o || guardHandlers(o, ev.guard.event).every((h) => !ev.guard.onFailure || h.onFailure === ev.guard.onFailure),
    ),
    pre_compact: preCompact,
    ...(ev.postCompact ? { post_compact: has(ev.postCompact.event, k.postCompact) } : {}),
    session_end: has(ev.sessionEnd.event, k.sessionEnd),
    mcp_server: isObject(entry),
    mcp_approved: approved,
    guidance: c.guide ? hasGuideBlock(await readRel({ root }, await guideFileFor(root, c.guide))) : true,
    trust: c.trust,
  };
}

/** The commands of the hook groups for `event` in a hooks file. */
function startCommands(o: JsonObject, event: string): string[] {
  const groups = isObject(o.hooks) && Array.isArray(o.hooks[event]) ? (o.hooks[event] as unknown[]) : [];
  return groups.flatMap((g) =>
    isObject(g) && Array.isArray(g.hooks) ? g.hooks.flatMap((h) => (isObject(h) && typeof h.command === 'string' ? [h.command] : [])) : [],
  );
}
