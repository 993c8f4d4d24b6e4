// The YAML subset `.butler/config.yaml` is written in, read without the yaml package: the hook bundles
// read this file and must stay small. Accepted: block and flow mappings and lists, quoted and plain
// scalars, comments, a leading `---`. Anchors, tags, block scalars (`|`, `>`) and multi-document files
// are refused with the line and column, never guessed at. Scalars (config-yaml-scalar.ts) follow YAML 1.2's
// core schema, as the yaml package does: `yes`/`no`/`on`/`off` are strings; `true`, `null`, `12` are not.
import { ConfigSyntaxError, type Pos, scalar, unquote } from './config-yaml-scalar.js';

export interface ParsedYaml {
  value: unknown;
  /** Where each key path (`guard.mode`, `guard.allow.0`) was written: for error messages. */
  pos: Map<string, Pos>;
}

interface Line {
  no: number;
  indent: number;
  text: string;
}

export function parseYamlSubset(source: string): ParsedYaml {
  const pos = new Map<string, Pos>();
  const lines: Line[] = [];
  source
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const text = stripComment(raw);
      if (text.trim() === '') return;
      const indent = text.length - text.trimStart().length;
      if (/^\s*\t/.test(text)) throw new ConfigSyntaxError('tabs are not allowed in indentation', { line: i + 1, col: 1 });
      if (/^(---|\.\.\.)\s*$/.test(text)) {
        if (lines.length > 0 || text.startsWith('...'))
          throw new ConfigSyntaxError('only one YAML document is allowed', { line: i + 1, col: 1 });
        return;
      }
      lines.push({ no: i + 1, indent, text: text.trim() });
    });
  if (lines.length === 0) return { value: null, pos };
  const first = lines[0] as Line;
  const r = new Reader(lines, pos);
  const value = r.block(0, first.indent, '');
  const extra = lines[r.i];
  if (extra) throw new ConfigSyntaxError('unexpected indentation', { line: extra.no, col: extra.indent + 1 });
  return { value, pos };
}

function stripComment(line: string): string {
  let q: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (q) {
      if (c === '\\' && q === '"') i++;
      else if (c === q) q = null;
    } else if (c === '"' || c === "'") q = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] ?? ''))) return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}

const KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s"'#:[\]{},&*!|>%@`-][^:#]*?)\s*:(?:\s+(.*))?$/;

class Reader {
  i = 0;
  constructor(
    private readonly lines: Line[],
    private readonly pos: Map<string, Pos>,
  ) {}

  /** A block node whose lines are indented exactly `indent`. */
  block(_start: number, indent: number, path: string): unknown {
    const l = this.lines[this.i] as Line;
    if (l.text === '-' || l.text.startsWith('- ')) return this.seq(indent, path);
    if (KEY.test(l.text)) return this.map(indent, path);
    // A lone scalar or flow node on its own line.
    this.i++;
    return this.inline(l.text, l, l.indent, path);
  }

  private map(indent: number, path: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    while (this.i < this.lines.length) {
      const l = this.lines[this.i] as Line;
      if (l.indent < indent) break;
      if (l.indent > indent) throw new ConfigSyntaxError('unexpected indentation', { line: l.no, col: l.indent + 1 });
      const m = KEY.exec(l.text);
      if (!m?.[1]) throw new ConfigSyntaxError('expected `key: value`', { line: l.no, col: l.indent + 1 });
      const key = unquote(m[1], l, l.indent);
      if (Object.hasOwn(out, key)) throw new ConfigSyntaxError(`duplicate key \`${key}\``, { line: l.no, col: l.indent + 1 });
      const p = path ? `${path}.${key}` : key;
      const rest = m[2]?.trim() ?? '';
      const col = rest ? l.indent + l.text.length - rest.length + 1 : l.indent + 1;
      this.pos.set(p, { line: l.no, col });
      this.i++;
      if (rest !== '') {
        out[key] = this.inline(rest, l, col - 1, p);
        continue;
      }
      const next = this.lines[this.i];
      const nested = next && (next.indent > indent || (next.indent === indent && (next.text === '-' || next.text.startsWith('- '))));
      out[key] = nested ? this.block(this.i, next.indent, p) : null;
    }
    return out;
  }

  private seq(indent: number, path: string): unknown[] {
    const out: unknown[] = [];
    while (this.i < this.lines.length) {
      const l = this.lines[this.i] as Line;
      if (l.indent < indent || !(l.text === '-' || l.text.startsWith('- '))) {
        if (l.indent > indent) throw new ConfigSyntaxError('unexpected indentation', { line: l.no, col: l.indent + 1 });
        break;
      }
      if (l.indent > indent) throw new ConfigSyntaxError('unexpected indentation', { line: l.no, col: l.indent + 1 });
      const p = `${path}.${out.length}`;
      const rest = l.text.slice(1).trim();
      const col = l.indent + l.text.length - rest.length + 1;
      this.pos.set(p, { line: l.no, col });
      this.i++;
      if (rest === '') {
        const next = this.lines[this.i];
        out.push(next && next.indent > indent ? this.block(this.i, next.indent, p) : null);
      } else if (KEY.test(rest) && !/^["'[{]/.test(rest)) {
        throw new ConfigSyntaxError('mappings inside lists are not supported here', { line: l.no, col });
      } else out.push(this.inline(rest, l, col - 1, p));
    }
    return out;
  }

  /** A value written after `key:` or `- `: a flow collection (possibly over several lines) or a scalar. */
  private inline(text: string, l: Line, col0: number, path: string): unknown {
    if (text[0] === '[' || text[0] === '{') {
      let joined = text;
      while (!balanced(joined) && this.i < this.lines.length) joined += ` ${(this.lines[this.i++] as Line).text}`;
      const f = new Flow(joined, l.no, col0);
      const v = f.node(path, this.pos);
      f.ws();
      if (f.at < joined.length) throw f.err('unexpected text after the closing bracket');
      return v;
    }
    if (/^[|>]/.test(text)) throw new ConfigSyntaxError('block scalars (| and >) are not supported', { line: l.no, col: col0 + 1 });
    return scalar(text, { line: l.no, col: col0 + 1 });
  }
}

function balanced(s: string): boolean {
  let depth = 0;
  let q: string | null = null;
  for (const c of s) {
    if (q) q = c === q ? null : q;
    else if (c === '"' || c === "'") q = c;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
  }
  return depth <= 0;
}

class Flow {
  at = 0;
  constructor(
    private readonly s: string,
    private readonly line: number,
    private readonly col0: number,
  ) {}

  err(message: string): ConfigSyntaxError {
    return new ConfigSyntaxError(message, { line: this.line, col: this.col0 + this.at + 1 });
  }

  ws(): void {
    while (this.s[this.at] === ' ') this.at++;
  }

  node(path: string, pos: Map<string, Pos>): unknown {
    this.ws();
    pos.set(path, { line: this.line, col: this.col0 + this.at + 1 });
    const c = this.s[this.at];
    if (c === '[' || c === '{') {
      const close = c === '[' ? ']' : '}';
      const list: unknown[] = [];
      const map: Record<string, unknown> = {};
      this.at++;
      for (let n = 0; ; n++) {
        this.ws();
        if (this.s[this.at] === close) {
          this.at++;
          return c === '[' ? list : map;
        }
        if (c === '[') list.push(this.node(`${path}.${n}`, pos));
        else {
          const k = this.token(':');
          if (this.s[this.at] !== ':') throw this.err('expected `:` in a flow mapping');
          this.at++;
          const key = String(k.quoted ? k.text : k.text.trim());
          if (Object.hasOwn(map, key)) throw this.err(`duplicate key \`${key}\``);
          map[key] = this.node(`${path}.${key}`, pos);
        }
        this.ws();
        if (this.s[this.at] === ',') this.at++;
        else if (this.s[this.at] !== close) throw this.err(`expected \`,\` or \`${close}\``);
      }
    }
    const start = this.at;
    const t = this.token('');
    return t.quoted ? t.text : scalar(t.text.trim(), { line: this.line, col: this.col0 + start + 1 });
  }

  /** A quoted string, or plain text up to `,`, a bracket or (for keys) `stop`. */
  private token(stop: string): { text: string; quoted: boolean } {
    this.ws();
    const q = this.s[this.at];
    if (q === '"' || q === "'") {
      const m = (q === '"' ? /^"(?:[^"\\]|\\.)*"/ : /^'(?:[^']|'')*'/).exec(this.s.slice(this.at));
      if (!m) throw this.err('unterminated quoted string');
      this.at += m[0].length;
      return { text: unquote(m[0], { no: this.line }, this.col0 + this.at), quoted: true };
    }
    const start = this.at;
    while (this.at < this.s.length && !',[]{}'.includes(this.s[this.at] ?? '') && !(stop && this.s[this.at] === stop)) this.at++;
    if (this.at === start) throw this.err('expected a value');
    return { text: this.s.slice(start, this.at), quoted: false };
  }
}
