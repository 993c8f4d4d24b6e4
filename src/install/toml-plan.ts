import type { ClientRecord } from '../shared/clients/index.js';
import { MCP_SCRIPT, SERVER_NAME } from './constants.js';
import { foreignServer, isOwnServer } from './json.js';
import { readRel, type FileChange } from './plan.js';
import { butlerEntry, parseToml, setButlerTable } from './toml.js';

/** TOML literal strings ('…') keep the shell script readable: no escaping of `"` or `$`. */
function literal(s: string): string {
  if (s.includes("'") || /[\n\r]/.test(s)) throw new Error('internal: not representable as a TOML literal string');
  return `'${s}'`;
}

/** What `[mcp_servers.butler]` must parse to, and its text (a record's `mcp.after` keys are strings or booleans). */
export function tomlEntryFor(c: ClientRecord): Record<string, unknown> {
  return { ...c.mcp.before, command: 'sh', args: ['-c', MCP_SCRIPT], ...c.mcp.after };
}

export function tomlTableFor(c: ClientRecord): string {
  const value = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : String(v));
  return [
    `[mcp_servers.${SERVER_NAME}]`,
    '# Written by `butler install`; `butler uninstall` removes this table. Finds the project root at run time.',
    ...Object.entries(c.mcp.before).map(([k, v]) => `${k} = ${value(v)}`),
    `command = "sh"`,
    `args = ["-c", ${literal(MCP_SCRIPT)}]`,
    ...Object.entries(c.mcp.after).map(([k, v]) => `${k} = ${value(v)}`),
  ].join('\n');
}

export async function planToml(ctx: { root: string; force?: boolean }, c: ClientRecord, install: boolean): Promise<FileChange | null> {
  const file = c.mcp.file;
  const before = await readRel(ctx, file);
  const current = before === null ? undefined : butlerEntry(parseToml(file, before));
  if (current !== undefined && !isOwnServer(current)) {
    // Not Butler's table: install refuses (unless --force), uninstall leaves it.
    if (!install) return null;
    if (!ctx.force) throw foreignServer(file, `[mcp_servers.${SERVER_NAME}]`);
  }
  const after = setButlerTable(file, before, install ? tomlTableFor(c) : null, install ? tomlEntryFor(c) : undefined);
  if (after === null) return null;
  if (after.trim() === '')
    return { path: file, before, after: null, note: `MCP server "${SERVER_NAME}" removed (file removed: nothing else in it)` };
  return {
    path: file,
    before,
    after,
    note: install ? `MCP server "${SERVER_NAME}" for ${c.title} ([mcp_servers.${SERVER_NAME}])` : `MCP server "${SERVER_NAME}" removed`,
  };
}
