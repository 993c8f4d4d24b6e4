// The front matter of a local issue file, edited in place without the yaml package (it was 115 KB of
// the runtime vendored into every repository): top-level entries are kept as the lines the user wrote;
// only the keys Butler owns are parsed (with the config's YAML subset) and rewritten when they change.
// Unknown keys, comments and any YAML in them pass through untouched.
import { ConfigSyntaxError } from '../../shared/config-yaml-scalar.js';
import { parseYamlSubset } from '../../shared/config-yaml.js';

/** Keys Butler reads and writes; every other top-level entry is the user's. */
export const OWN_KEYS = ['id', 'title', 'state', 'labels', 'author', 'created_at', 'updated_at', 'closed_at'] as const;
type OwnKey = (typeof OWN_KEYS)[number];

interface Entry {
  /** null: lines before the first key (comments, blank lines). */
  key: string | null;
  lines: string[];
}

export interface Front {
  entries: Entry[];
}

export class FrontError extends Error {}

const TOP_KEY = /^([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]|$)/;

/** Splits front-matter lines into top-level entries and parses Butler's own keys. */
export function readFront(lines: string[]): { values: Partial<Record<OwnKey, unknown>>; front: Front } {
  const entries: Entry[] = [];
  for (const line of lines) {
    const m = TOP_KEY.exec(line);
    const last = entries.at(-1);
    if (m?.[1]) entries.push({ key: m[1], lines: [line] });
    else if (/^\s/.test(line) && line.trim() !== '' && last) last.lines.push(line);
    else if (line.trim() === '' || line.trimStart().startsWith('#')) {
      // Comments and blank lines at the top level stand alone, so rewriting a key never drops them.
      if (last?.key === null) last.lines.push(line);
      else entries.push({ key: null, lines: [line] });
    } else throw new FrontError(`front matter: expected \`key: value\`, found ${JSON.stringify(line.slice(0, 40))}`);
  }
  const values: Partial<Record<OwnKey, unknown>> = {};
  const seen = new Set<string>();
  for (const e of entries) {
    if (e.key === null || !(OWN_KEYS as readonly string[]).includes(e.key)) continue;
    if (seen.has(e.key)) throw new FrontError(`front matter: \`${e.key}\` is written twice`);
    seen.add(e.key);
    values[e.key as OwnKey] = parseEntry(e);
  }
  return { values, front: { entries } };
}

function parseEntry(e: Entry): unknown {
  try {
    const v = parseYamlSubset(e.lines.join('\n')).value as Record<string, unknown> | null;
    return v?.[e.key as string] ?? null;
  } catch (err) {
    const where = err instanceof ConfigSyntaxError ? ` (line ${err.pos.line} of the entry)` : '';
    throw new FrontError(`front matter: \`${e.key}\`: ${err instanceof Error ? err.message : String(err)}${where}`);
  }
}

/**
 * Front matter text with Butler's keys set (`undefined` removes one). An entry whose value did not
 * change keeps its original lines (and any comment on them); new keys are appended in OWN_KEYS order.
 */
export function writeFront(front: Front | undefined, values: Partial<Record<OwnKey, unknown>>): string {
  const entries = (front?.entries ?? []).map((e) => ({ ...e }));
  const out: string[] = [];
  const done = new Set<string>();
  for (const e of entries) {
    if (e.key === null || !Object.hasOwn(values, e.key)) {
      out.push(...e.lines);
      continue;
    }
    done.add(e.key);
    const v = values[e.key as OwnKey];
    if (v === undefined) continue;
    out.push(...(same(parseEntry(e), v) ? e.lines : [`${e.key}: ${emit(v)}`]));
  }
  for (const k of OWN_KEYS) {
    const v = values[k];
    if (!done.has(k) && v !== undefined) out.push(`${k}: ${emit(v)}`);
  }
  return `${out.join('\n')}\n`;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A YAML value: plain when it reads back as itself, else a JSON string (valid YAML double quotes). */
function emit(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map((x) => emit(x)).join(', ')}]`;
  if (typeof v !== 'string') return JSON.stringify(v);
  if (/^[^\s\-?:,[\]{}#&*!|>'"%@`][^\n\r\t#,[\]{}]*$/.test(v) && !/\s$|:(\s|$)/.test(v)) {
    try {
      const back = parseYamlSubset(`k: ${v}`).value as { k?: unknown };
      if (back.k === v) return v;
    } catch {
      // Not plain after all: quote it.
    }
  }
  // JSON leaves U+2028/2029 and U+0085 raw; YAML (and the subset reader) treat them as line breaks.
  return JSON.stringify(v).replace(/[\u2028\u2029\u0085]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
