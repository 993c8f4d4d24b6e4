// The `guard` part of `.butler/config.yaml`, read without the yaml and zod packages: the hook bundle
// must stay small, because every shell command pays for loading it. It accepts the YAML forms people
// write for this section (block or flow mapping, block or flow list, quoted or plain scalars) and
// means the same as `ConfigSchema.shape.guard` in src/shared/config.ts (a test pins the two together).
// Anything else counts as invalid, and an invalid config keeps the default: block.
import { DEFAULT_GUARD, type GuardConfig, type GuardMode } from './decide.js';

const MODES: readonly string[] = ['block', 'warn', 'off'];
type Value = string | string[] | null | { bad: true };
const BAD = { bad: true } as const;

/** Finds `.butler/config.yaml` from `cwd` upward (stopping at the repository root) and reads `guard`. */
export async function loadGuardConfig(cwd: string): Promise<GuardConfig> {
  // Imported here, not at the top: in the single-file hook bundle a top-level import of a builtin is
  // evaluated on every run, and only commands that mention git ever get here.
  const fsp = (await import('node:fs')).promises;
  const path = await import('node:path');
  let dir = path.resolve(cwd);
  for (;;) {
    const text = await fsp.readFile(path.join(dir, '.butler', 'config.yaml'), 'utf8').catch(() => null);
    if (text !== null) return parseGuardConfig(text) ?? DEFAULT_GUARD;
    const isRepoRoot = await fsp.stat(path.join(dir, '.git')).then(() => true, () => false);
    const parent = path.dirname(dir);
    if (isRepoRoot || parent === dir) return DEFAULT_GUARD;
    dir = parent;
  }
}

/** The guard config in a config.yaml text; defaults when absent; null when invalid. */
export function parseGuardConfig(text: string): GuardConfig | null {
  const lines = text.split(/\r?\n/).map(stripComment);
  const at = lines.flatMap((l, i) => (/^guard\s*:/.test(l) ? [i] : []));
  if (at.length === 0) return DEFAULT_GUARD;
  if (at.length > 1) return null;
  const start = at[0] ?? 0;
  const rest = (lines[start] ?? '').replace(/^guard\s*:/, '').trim();
  let fields: Map<string, Value> | null;
  if (rest.startsWith('{')) fields = flowMap(joinFlow(rest, lines.slice(start + 1), '{', '}'));
  else if (rest !== '') return null;
  else {
    const body: string[] = [];
    for (const l of lines.slice(start + 1)) {
      if (l.trim() === '' || l.trim() === '---') continue;
      if (!/^\s/.test(l)) break;
      body.push(l);
    }
    fields = body.length === 0 ? null : blockMap(body);
  }
  if (fields === null) return null;
  const allow = fields.has('allow') ? fields.get('allow') : [];
  const mode = fields.has('mode') ? fields.get('mode') : 'block';
  if (!Array.isArray(allow) || allow.some((a) => a === '')) return null;
  if (typeof mode !== 'string' || !MODES.includes(mode)) return null;
  return { allow, mode: mode as GuardMode };
}

function stripComment(line: string): string {
  let q: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (q) {
      if (c === q) q = null;
    } else if (c === '"' || c === "'") q = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] ?? ''))) return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}

/** A flow collection that may continue on the next lines, joined until its brackets balance. */
function joinFlow(first: string, next: string[], open: string, close: string): string {
  return flowLines(first, next, open, close).text;
}

function flowLines(first: string, next: string[], open: string, close: string): { text: string; used: number } {
  let text = first;
  let used = 0;
  const depth = (t: string) => [...t].reduce((d, c) => d + (c === open || c === '[' ? 1 : c === close || c === ']' ? -1 : 0), 0);
  for (const l of next) {
    if (depth(text) <= 0) break;
    text += ` ${l.trim()}`;
    used++;
  }
  return { text, used };
}

function blockMap(body: string[]): Map<string, Value> | null {
  const indent = (l: string) => l.length - l.trimStart().length;
  const base = indent(body[0] ?? '');
  const out = new Map<string, Value>();
  for (let i = 0; i < body.length; i++) {
    const l = body[i] ?? '';
    if (indent(l) < base) return null;
    if (indent(l) > base) continue;
    const m = /^\s*([A-Za-z_][\w-]*)\s*:(?:\s+(.*))?$/.exec(l);
    if (!m?.[1] || out.has(m[1])) return null;
    const v = (m[2] ?? '').trim();
    if (v.startsWith('[')) {
      const flow = flowLines(v, body.slice(i + 1), '[', ']');
      out.set(m[1], flowSeq(flow.text));
      i += flow.used;
      continue;
    }
    if (v !== '') {
      out.set(m[1], scalar(v));
      continue;
    }
    const items: string[] = [];
    while (i + 1 < body.length && /^\s*-(\s|$)/.test(body[i + 1] ?? '') && indent(body[i + 1] ?? '') >= base) {
      const item = scalar((body[++i] ?? '').trim().slice(1).trim());
      if (typeof item !== 'string') return null;
      items.push(item);
    }
    out.set(m[1], items.length > 0 ? items : null);
  }
  return out;
}

function splitTop(inner: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let q: string | null = null;
  let cur = '';
  for (const c of inner) {
    if (q) q = c === q ? null : q;
    else if (c === '"' || c === "'") q = c;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(cur.trim());
      cur = '';
      continue;
    }
    cur += c;
  }
  if (cur.trim() !== '') parts.push(cur.trim());
  return parts;
}

function flowSeq(s: string): Value {
  const m = /^\[(.*)\]$/.exec(s.trim());
  if (!m) return BAD;
  const items = splitTop(m[1] ?? '').map(scalar);
  return items.every((x): x is string => typeof x === 'string') ? items : BAD;
}

function flowMap(s: string): Map<string, Value> | null {
  const m = /^\{(.*)\}$/.exec(s.trim());
  if (!m) return null;
  const out = new Map<string, Value>();
  for (const part of splitTop(m[1] ?? '')) {
    const kv = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(part);
    if (!kv?.[1] || out.has(kv[1])) return null;
    const v = (kv[2] ?? '').trim();
    out.set(kv[1], v.startsWith('[') ? flowSeq(v) : v === '' ? null : scalar(v));
  }
  return out;
}

/** A scalar: quoted strings and plain words are strings; null, booleans and numbers are not. */
function scalar(s: string): Value {
  if (/^'.*'$/.test(s)) return s.slice(1, -1).replace(/''/g, "'");
  if (/^".*"$/.test(s)) {
    try {
      return JSON.parse(s) as string;
    } catch {
      return BAD;
    }
  }
  // YAML 1.2 core schema (the yaml package's default): `yes`/`no`/`on`/`off` are strings.
  if (/^(~|null|Null|NULL)$/.test(s)) return null;
  if (/^(true|True|TRUE|false|False|FALSE|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)|0o[0-7]+|0x[0-9a-fA-F]+)$/.test(s)) return BAD;
  if (/^[-+]?(\.\d+|\d+(\.\d*)?)([eE][-+]?\d+)?$/.test(s)) return BAD;
  if (/^[[\]{}&*!|>%@`]/.test(s) || /:\s|\s#/.test(s)) return BAD;
  return s;
}
