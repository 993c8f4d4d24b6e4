import { invalidArgument, type ButlerError } from '../shared/errors.js';
import { OWN_MARKER } from './constants.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A config file Butler refuses to touch, named with the line and column of the problem. */
export function brokenFile(file: string, kind: string, line: number, column: number, detail: string): ButlerError {
  return invalidArgument(
    `${file} is not valid ${kind} (line ${line}, column ${column}): ${detail}`,
    `Fix ${file} by hand and run the command again; Butler left every file untouched.`,
    { file, line, column },
  );
}

function lineCol(text: string, pos: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, pos));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 };
}

/** Parses a JSON object file; anything else (broken JSON, an array at the top) is refused. */
export function parseJsonObject(file: string, text: string): JsonObject {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const msg = (err as Error).message;
    const m = /position (\d+)/.exec(msg) ?? /line (\d+) column (\d+)/.exec(msg);
    let at = { line: 1, column: 1 };
    if (m && m.length === 2) at = lineCol(text, Number(m[1]));
    else if (m) at = { line: Number(m[1]), column: Number(m[2]) };
    if (!m && /end of JSON input/i.test(msg)) at = lineCol(text, text.length);
    throw brokenFile(file, 'JSON', at.line, at.column, msg.replace(/ in JSON at position \d+.*$/, ''));
  }
  if (!isObject(value)) throw brokenFile(file, 'JSON', 1, 1, 'the top level must be an object');
  return value;
}

/** Re-serialises with the file's own indentation (two spaces for new files) and a final newline. */
export function stringifyLike(original: string | null, value: Json): string {
  const m = original ? /\n([ \t]+)"/.exec(original) : null;
  const indent = m?.[1] ?? '  ';
  return `${JSON.stringify(value, null, indent)}\n`;
}

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** One matcher group as Claude Code and Codex both read it. */
export interface HookGroup {
  /** Absent for an event Butler handles whatever its reason (SessionEnd). */
  matcher?: string;
  hooks: { type: 'command'; command: string; timeout: number; onFailure?: 'block' }[];
}

const isOwnHandler = (h: unknown): boolean => isObject(h) && typeof h.command === 'string' && h.command.includes(OWN_MARKER);

/**
 * Puts Butler's group for `event` in place: every handler of Butler's (command under `.butler/bin/`)
 * is dropped from every group, and Butler's group takes the slot of the first group that held only
 * Butler handlers (else it is appended). The user's groups and handlers keep their order and content.
 */
export function setOwnHookGroup(hooks: JsonObject, event: string, group: HookGroup | null): void {
  const groups = Array.isArray(hooks[event]) ? (hooks[event] as Json[]) : [];
  const out: Json[] = [];
  let slot = -1;
  for (const g of groups) {
    if (!isObject(g) || !Array.isArray(g.hooks) || !g.hooks.some(isOwnHandler)) {
      out.push(g);
      continue;
    }
    const rest = g.hooks.filter((h) => !isOwnHandler(h));
    if (rest.length > 0) out.push({ ...g, hooks: rest });
    else if (slot < 0) slot = out.length;
  }
  if (group) {
    const own = group as unknown as Json;
    if (slot >= 0) out.splice(slot, 0, own);
    else out.push(own);
  }
  if (out.length > 0) hooks[event] = out;
  else if (groups.length > 0) delete hooks[event];
}

/** True when `event` has any handler of Butler's (its command names the runtime), whatever the command. */
export function hasAnyOwnHandler(root: JsonObject, event: string): boolean {
  const hooks = root.hooks;
  if (!isObject(hooks) || !Array.isArray(hooks[event])) return false;
  return (hooks[event] as Json[]).some((g) => isObject(g) && Array.isArray(g.hooks) && g.hooks.some(isOwnHandler));
}

/** True when `event` holds exactly Butler's `group` (used by status). */
export function hasOwnHookGroup(root: JsonObject, event: string, command: string): boolean {
  const hooks = root.hooks;
  if (!isObject(hooks) || !Array.isArray(hooks[event])) return false;
  return (hooks[event] as Json[]).some(
    (g) => isObject(g) && Array.isArray(g.hooks) && g.hooks.some((h) => isObject(h) && h.command === command),
  );
}

/** A value of a shape the client would not read either: refused, never dropped or replaced. */
export function unexpectedShape(file: string, key: string, want: string): ButlerError {
  return invalidArgument(
    `${file}: "${key}" should be ${want}; Butler does not rewrite a value it cannot read`,
    `Fix "${key}" in ${file} by hand and run the command again; Butler left every file untouched.`,
    { file, key },
  );
}

/** Applies Butler's groups (or removes them with `null`) to a settings/hooks root object. */
export function applyHookGroups(file: string, root: JsonObject, groups: Record<string, HookGroup | null>): void {
  if (root.hooks !== undefined && !isObject(root.hooks)) throw unexpectedShape(file, 'hooks', 'an object of event names');
  const hooks: JsonObject = isObject(root.hooks) ? root.hooks : {};
  for (const event of Object.keys(groups)) {
    if (hooks[event] !== undefined && !Array.isArray(hooks[event]))
      throw unexpectedShape(file, `hooks.${event}`, 'a list of matcher groups');
    for (const g of (hooks[event] as Json[] | undefined) ?? []) {
      if (!isObject(g) || (g.hooks !== undefined && !Array.isArray(g.hooks)))
        throw unexpectedShape(file, `hooks.${event}`, 'a list of {matcher, hooks: [...]} groups');
    }
  }
  const had = Object.keys(hooks).length;
  for (const [event, group] of Object.entries(groups)) setOwnHookGroup(hooks, event, group);
  if (Object.keys(hooks).length > 0) root.hooks = hooks;
  else if (had > 0) delete root.hooks;
}

/** An MCP server entry Butler wrote: its command line runs the vendored runtime. */
export function isOwnServer(entry: unknown): boolean {
  return JSON.stringify(entry ?? null).includes(`${OWN_MARKER}butler.mjs`);
}

/** A user's own server named `butler` is theirs: install refuses to replace it without --force. */
export function foreignServer(file: string, what: string): ButlerError {
  return invalidArgument(
    `${file} already has an MCP server ${what} that Butler did not write`,
    `Rename that server, or run install with --force to replace it with Butler's.`,
    { file },
  );
}
