import type { ClientRecord, HookRole, OptionalHookRole } from '../shared/clients/index.js';
import { BIN_DIR, SERVER_NAME, mcpScript, walkUpLauncher, withoutEnvNames, shQuoted, type GuardForm } from './constants.js';
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
import { bundledGuard, guardLauncher } from './guard-launcher.js';
import { bundledStartSum, startLauncher } from './start-launcher.js';
import { planToml } from './toml-plan.js';

/** Butler's hook commands for one client, from its record (how a command finds `.butler/bin/`). */
export interface HookCommands {
  sessionStart: string;
  preToolUse: string;
  /** Where sh and awk are missing (native Windows): the Node hook alone. */
  preToolUseNode: string;
  preCompact: string;
  sessionEnd: string;
  /** Only for a record that lists `postCompact`. */
  postCompact: string;
}

/**
 * `sum`: the SHA-256 of the pre-filter the guard command checks before it runs it (guard-launcher.ts,
 * docs/decisions.md D34); install reads it from this Butler's bundles.
 */
export function commandsFor(c: ClientRecord, sum = '', startSum = ''): HookCommands {
  const brain = `--brain ${c.brain}`;
  const locate = c.hooks.locate;
  // Where the guard's walk up to the project starts: the client's project variable (else the hook's folder).
  const start = locate.kind === 'env' ? `"\${${locate.variable}:-$PWD}"` : locate.settingsExpandEnv === true ? '$(pwd)' : '$PWD';
  const noEnvNames = locate.kind === 'walk-up' && locate.settingsExpandEnv === true;
  const guard =
    locate.kind === 'env'
      ? guardLauncher(start, sum)
      : shQuoted(noEnvNames ? withoutEnvNames(guardLauncher(start, sum)) : guardLauncher(start, sum));
  // A variable the client sets to the project root (the same command in every clone), or a walk up from $PWD.
  const cmd =
    locate.kind === 'env'
      ? (file: string, args: string, runner = 'node') => `${runner} "$${locate.variable}"/${BIN_DIR}/${file}${args ? ` ${args}` : ''}`
      : (file: string, args: string, runner: 'node' | 'sh' = 'node') => shQuoted(walkUpLauncher(file, args, '', runner, noEnvNames));
  // SessionStart: the checked shell answer first (start-launcher.ts, docs/decisions.md D40), when install has its sum.
  const form = c.hooks.startOutput === 'json-context' ? 'json' : 'text';
  const plainStart = cmd('session-start.cjs', brain);
  const sessionStart = !startSum
    ? plainStart
    : locate.kind === 'env'
      ? startLauncher(`$${locate.variable}`, c.brain, form, startSum, `exec ${plainStart}`)
      : shQuoted(
          ((text: string) => (noEnvNames ? withoutEnvNames(text) : text))(
            walkUpLauncher('session-start.cjs', brain).replace(
              'cd "$d" && exec ',
              `cd "$d" && ${startLauncher('$d', c.brain, form, startSum, '')}exec `,
            ),
          ),
        );
  return {
    sessionStart,
    preToolUse: guard,
    preToolUseNode: cmd('pre-tool-use.cjs', ''),
    preCompact: cmd('pre-compact.cjs', brain),
    sessionEnd: cmd('pre-compact.cjs', `${brain} --trigger session-end`),
    postCompact: cmd('pre-compact.cjs', `${brain} --trigger post-compact`),
  };
}

const COMMAND_OF: Record<HookRole | OptionalHookRole, (k: HookCommands, guard: GuardForm) => string> = {
  sessionStart: (k) => k.sessionStart,
  guard: (k, g) => (g === 'shell' ? k.preToolUse : k.preToolUseNode),
  preCompact: (k) => k.preCompact,
  postCompact: (k) => k.postCompact,
  sessionEnd: (k) => k.sessionEnd,
};

/** Butler's hook entries for a client, one per event; SessionEnd is null (removed) unless asked for. */
export function hookGroupsFor(
  c: ClientRecord,
  guard: GuardForm = 'shell',
  sessionEnd = false,
  sum = '',
  startSum = '',
): Record<string, HookGroup | null> {
  const k = commandsFor(c, sum, guard === 'shell' ? startSum : '');
  const out: Record<string, HookGroup | null> = {};
  for (const role of Object.keys(COMMAND_OF) as (HookRole | OptionalHookRole)[]) {
    const spec = c.hooks.events[role];
    if (!spec) continue;
    out[spec.event] =
      role === 'sessionEnd' && !sessionEnd
        ? null
        : {
            ...(spec.matcher ? { matcher: spec.matcher } : {}),
            hooks: [
              {
                type: 'command',
                command: COMMAND_OF[role](k, guard),
                timeout: spec.timeout,
                ...(spec.onFailure ? { onFailure: spec.onFailure } : {}),
              },
            ],
          };
  }
  return out;
}

const noGroups = (c: ClientRecord): Record<string, null> =>
  Object.fromEntries(Object.values(c.hooks.events).flatMap((s) => (s ? [[s.event, null]] : [])));

/** Butler's MCP server entry for a client: its launcher finds the project at run time (constants.ts mcpScript). */
export function mcpEntryFor(c: ClientRecord): JsonObject {
  const script = mcpScript(c.hooks.locate.kind === 'walk-up' && c.hooks.locate.settingsExpandEnv === true);
  return { ...(c.mcp.before as JsonObject), command: 'sh', args: ['-c', script], ...(c.mcp.after as JsonObject) };
}

function setApproval(file: string, key: string, obj: JsonObject, on: boolean): void {
  if (obj[key] !== undefined && !Array.isArray(obj[key])) throw unexpectedShape(file, key, 'a list of server names');
  const list = obj[key] as Json[] | undefined;
  if (on) {
    if (!list) obj[key] = [SERVER_NAME];
    else if (!list.includes(SERVER_NAME)) list.push(SERVER_NAME);
    return;
  }
  if (!list || !list.includes(SERVER_NAME)) return;
  const rest = list.filter((s) => s !== SERVER_NAME);
  if (rest.length > 0) obj[key] = rest;
  else delete obj[key];
}

function servers(file: string, obj: JsonObject): JsonObject | null {
  if (obj.mcpServers === undefined) return null;
  if (!isObject(obj.mcpServers)) throw unexpectedShape(file, 'mcpServers', 'an object of servers');
  return obj.mcpServers;
}

function setServer(c: ClientRecord, obj: JsonObject, force: boolean): void {
  const list = servers(c.mcp.file, obj) ?? {};
  const current = list[SERVER_NAME];
  if (current !== undefined && !isOwnServer(current) && !force) throw foreignServer(c.mcp.file, `"${SERVER_NAME}"`);
  list[SERVER_NAME] = mcpEntryFor(c);
  obj.mcpServers = list;
}

/** A user's own server named butler stays: uninstall removes only what install wrote. */
function dropServer(c: ClientRecord, obj: JsonObject): void {
  const list = servers(c.mcp.file, obj);
  if (!list || !isOwnServer(list[SERVER_NAME])) return;
  delete list[SERVER_NAME];
  if (Object.keys(list).length === 0) delete obj.mcpServers;
}

const eventList = (c: ClientRecord, sessionEnd: boolean): string =>
  Object.entries(c.hooks.events)
    .filter(([role, s]) => s && (role !== 'sessionEnd' || sessionEnd))
    .map(([, s]) => s!.event)
    .join(', ');

/** Every file install edits for one client: its hooks file (or the personal one), its MCP entry, its approval. */
export async function planClient(c: ClientRecord, ctx: InstallContext): Promise<FileChange[]> {
  const personal = ctx.personal && c.hooks.personalFile ? c.hooks.personalFile : null;
  const target = personal ?? c.hooks.file;
  const other = c.hooks.personalFile ? (personal ? c.hooks.file : c.hooks.personalFile) : null;
  const sessionEnd = await wantsSessionEnd(ctx, [target, ...(other ? [other] : [])], (o) =>
    hasAnyOwnHandler(o, c.hooks.events.sessionEnd.event),
  );
  const approval = c.mcp.approvalKey;
  const sum = (await bundledGuard(ctx.bundleDir))?.sum ?? '';
  const startSum = (await bundledStartSum(ctx.bundleDir)) ?? '';
  const sameFile = c.mcp.format === 'json' && c.mcp.file === target;
  const extra = [approval ? 'MCP approval' : '', sameFile ? `MCP server "${SERVER_NAME}"` : ''].filter(Boolean).join(', ');
  const changes = await Promise.all([
    planJsonEdit(ctx, target, `${c.title} hooks (${eventList(c, sessionEnd)})${extra ? ` and ${extra}` : ''}`, (obj) => {
      applyHookGroups(target, obj, hookGroupsFor(c, ctx.guardForm, sessionEnd, sum, startSum));
      if (approval) setApproval(target, approval, obj, true);
      if (sameFile) setServer(c, obj, ctx.force);
    }),
    // A previous install into the other settings file: move the hooks, leave the rest alone.
    other ? planJsonEdit(ctx, other, `Butler hooks moved to ${target}`, (obj) => applyHookGroups(other, obj, noGroups(c))) : null,
    sameFile
      ? null
      : c.mcp.format === 'toml'
        ? planToml(ctx, c, true)
        : planJsonEdit(ctx, c.mcp.file, `MCP server "${SERVER_NAME}" for ${c.title}`, (obj) => setServer(c, obj, ctx.force)),
  ]);
  return changes.filter((x): x is FileChange => x !== null);
}

/** Removes Butler's entries for one client from every file install may have written; the rest stays. */
export async function unplanClient(c: ClientRecord, ctx: { root: string }): Promise<FileChange[]> {
  const files = [c.hooks.personalFile, c.hooks.file].filter((f): f is string => !!f);
  const changes = await Promise.all([
    ...files.map((file) =>
      planJsonEdit(ctx, file, 'Butler hooks removed', (obj) => {
        applyHookGroups(file, obj, noGroups(c));
        if (c.mcp.approvalKey) setApproval(file, c.mcp.approvalKey, obj, false);
        if (c.mcp.format === 'json' && c.mcp.file === file) dropServer(c, obj);
      }),
    ),
    files.includes(c.mcp.file)
      ? null
      : c.mcp.format === 'toml'
        ? planToml(ctx, c, false)
        : planJsonEdit(ctx, c.mcp.file, `MCP server "${SERVER_NAME}" removed`, (obj) => dropServer(c, obj)),
  ]);
  return changes.filter((x): x is FileChange => x !== null);
}
