/**
 * Edits only Butler's own `[mcp_servers.butler]` table in a TOML file, as text.
 *
 * Why text and not parse → modify → stringify: smol-toml (like every JS TOML library) drops comments
 * and reorders/reformats on output, and `.codex/config.toml` is a file people annotate by hand. So the
 * whole file is parsed first (broken TOML is refused with line and column), then Butler's table is
 * replaced, appended or removed textually, and the result is parsed again and compared with the
 * original: every key outside `mcp_servers.butler` must be unchanged, or nothing is written. The
 * user's text and comments therefore stay byte-for-byte.
 */
import { parse, TomlError } from 'smol-toml';
import { ButlerError } from '../shared/errors.js';
import { brokenFile, sameJson } from './json.js';

const HEADER = /^\s*\[\s*mcp_servers\s*\.\s*(?:butler|"butler"|'butler')\s*\]\s*(?:#.*)?$/;
const SUB_HEADER = /^\s*\[\s*mcp_servers\s*\.\s*(?:butler|"butler"|'butler')\s*\..*\]\s*(?:#.*)?$/;
const ANY_HEADER = /^\s*\[/;
const SKIPPABLE = /^\s*(?:#.*)?$/;

type Table = Record<string, unknown>;

export function parseToml(file: string, text: string): Table {
  try {
    return parse(text) as Table;
  } catch (err) {
    if (err instanceof TomlError) {
      const detail = err.message.split('\n')[0]?.replace(/^Invalid TOML document: /, '') ?? 'parse error';
      throw brokenFile(file, 'TOML', err.line, err.column, detail);
    }
    throw err;
  }
}

function withoutButler(doc: Table): Table {
  const copy = JSON.parse(JSON.stringify(doc)) as Table;
  const servers = copy.mcp_servers as Table | undefined;
  if (servers && typeof servers === 'object') {
    delete servers.butler;
    if (Object.keys(servers).length === 0) delete copy.mcp_servers;
  }
  return copy;
}

export function butlerEntry(doc: Table): unknown {
  const servers = doc.mcp_servers as Table | undefined;
  return servers && typeof servers === 'object' ? servers.butler : undefined;
}

/** [start, end] line indexes of Butler's table and its sub-tables, without trailing comments. */
function findRegion(lines: string[]): [number, number] | null {
  const start = lines.findIndex((l) => HEADER.test(l));
  if (start < 0) return null;
  let end = start;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (ANY_HEADER.test(line) && !SUB_HEADER.test(line)) break;
    if (!SKIPPABLE.test(line) || SUB_HEADER.test(line)) end = i;
  }
  return [start, end];
}

const unsafe = (file: string, why: string) =>
  new ButlerError(
    'invalid_argument',
    `${file}: ${why}`,
    `Edit the [mcp_servers.butler] table by hand, or remove it and run the command again.`,
    { file },
  );

/**
 * Returns the new text with Butler's table set to `block` (TOML text of the whole table, header
 * included) or removed (`block` null). `expected` is what the table must parse to. Null = no change.
 */
export function setButlerTable(file: string, text: string | null, block: string | null, expected: unknown): string | null {
  const before = text ?? '';
  const doc = parseToml(file, before);
  const eol = before.includes('\r\n') ? '\r\n' : '\n';
  const lines = before.split(eol);
  const region = findRegion(lines);
  const blockLines = block === null ? [] : block.split('\n');
  if (!region && butlerEntry(doc) !== undefined) {
    throw unsafe(file, 'mcp_servers.butler is defined inline or with dotted keys, which Butler does not rewrite');
  }
  let next: string[];
  if (region) {
    const [start, end] = region;
    const current = lines.slice(start, end + 1);
    if (block !== null && current.join('\n') === block) return null;
    next = [...lines.slice(0, start), ...blockLines, ...lines.slice(end + 1)];
    // Undo the blank separator line an install appended, when the table was the file's tail.
    const tailEmpty = next.slice(start).every((l) => l === '');
    if (block === null && start > 0 && lines[start - 1] === '' && tailEmpty) next.splice(start - 1, 1);
  } else {
    if (block === null) return null;
    const body = lines.slice();
    if (body.length > 0 && body[body.length - 1] === '') body.pop();
    next = body.length > 0 ? [...body, '', ...blockLines, ''] : [...blockLines, ''];
  }
  const after = next.join(eol);
  if (after === before) return null;
  let parsed: Table;
  try {
    parsed = parse(after) as Table;
  } catch {
    throw unsafe(file, 'replacing the [mcp_servers.butler] table would break the file');
  }
  if (!sameJson(withoutButler(parsed), withoutButler(doc)) || !sameJson(butlerEntry(parsed) ?? null, expected ?? null)) {
    throw unsafe(file, 'the [mcp_servers.butler] table could not be edited without touching other keys');
  }
  return after;
}
