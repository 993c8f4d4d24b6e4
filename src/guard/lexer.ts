// Shell tokenizer for the guard: words with quote removal, operators, comments and here-documents.
// Expansions that run commands (`$(…)`, backticks, `<(…)`, expanded here-document bodies) are handed
// to the parser through `ScanHooks` (see scan.ts), so commands nested anywhere are seen.
import { type Acc, Scanner } from './scan.js';
import { type Cmd, DYN, ShellParseError, type Word } from './types.js';

export type Token = { k: 'word'; w: Word } | { k: 'op'; v: string } | { k: 'nl' } | { k: 'eof' };

const OPS = [
  '<<<',
  '<<-',
  '&>>',
  ';;&',
  '<<',
  '>>',
  '&&',
  '||',
  '|&',
  ';;',
  ';&',
  '<&',
  '>&',
  '<>',
  '>|',
  '&>',
  ';',
  '&',
  '|',
  '(',
  ')',
  '<',
  '>',
];
export const REDIRECTS = new Set(['<', '>', '>>', '>|', '<>', '<&', '>&', '&>', '&>>', '<<', '<<-', '<<<']);
const WORD_END = new Set([' ', '\t', '\r', '\n', ';', '&', '|', '<', '>', '(', ')']);
const ARRAY_ASSIGN = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=$/;

interface PendingHeredoc {
  delim: string;
  strip: boolean;
  expand: boolean;
  cmd: Cmd;
}

export class Lexer extends Scanner {
  private pending: PendingHeredoc[] = [];

  next(): Token {
    this.skipBlanks();
    const c = this.src[this.pos];
    if (c === undefined) return { k: 'eof' };
    if (c === '\n') {
      this.pos++;
      this.readHeredocs();
      return { k: 'nl' };
    }
    if (c === '#') {
      const end = this.src.indexOf('\n', this.pos);
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a comment on the last line ends the text either way (pos -1 and pos = length both read as the end); end is never 0 here, the comment's `#` is at or before it
      this.pos = end < 0 ? this.src.length : end;
      return this.next();
    }
    if ((c === '<' || c === '>') && this.src[this.pos + 1] === '(') return { k: 'word', w: this.word() };
    const fd = /^\d+(?=[<>])/.exec(this.src.slice(this.pos, this.pos + 12));
    if (fd) this.pos += fd[0].length;
    for (const op of OPS) {
      if (this.src.startsWith(op, this.pos)) {
        this.pos += op.length;
        return { k: 'op', v: op };
      }
    }
    return { k: 'word', w: this.word() };
  }

  skipBlanks(): void {
    for (;;) {
      const c = this.src[this.pos];
      if (c === ' ' || c === '\t' || c === '\r') this.pos++;
      else if (c === '\\' && this.src[this.pos + 1] === '\n') this.pos += 2;
      else return;
    }
  }

  /** At a command's start: is the next thing an arithmetic command `((…))`? */
  arithAhead(): boolean {
    this.skipBlanks();
    return this.src.startsWith('((', this.pos);
  }

  /** Consumes `((…))` from its first `(` (see arithAhead). */
  arithCommand(): void {
    this.pos += 2;
    this.arith();
  }

  /** After `function name`: an optional `()`. */
  eatEmptyParens(): void {
    this.skipBlanks();
    const m = /^\(\s*\)/.exec(this.src.slice(this.pos, this.pos + 40));
    // Stryker disable next-line AssignmentOperator: going back 2 re-reads the tail of the name just read, which is again a function name with `()` (same commands)
    if (m) this.pos += m[0].length;
  }

  addHeredoc(delim: Word, strip: boolean, cmd: Cmd): void {
    // Bash does not expand the delimiter word, and expands the body unless a part of it is quoted:
    // `cat <<$x` ends at a line `$x` and runs the `$(…)` in its body.
    const text = delim.dynamic ? unquoted(delim.raw) : delim.text;
    this.pending.push({ delim: text, strip, expand: !/['"\\]/.test(delim.raw), cmd });
  }

  private readHeredocs(): void {
    const pending = this.pending;
    this.pending = [];
    for (const h of pending) {
      let body = '';
      while (this.pos < this.src.length) {
        const nl = this.src.indexOf('\n', this.pos);
        // Stryker disable next-line EqualityOperator: nl is never 0 here (the body starts after a newline), and pos past the end reads as the end
        const end = nl < 0 ? this.src.length : nl;
        let line = this.src.slice(this.pos, end);
        // Stryker disable next-line ConditionalExpression,EqualityOperator: on the last line without a newline, end + 1 is one past the end, which reads as the end like end
        this.pos = nl < 0 ? end : end + 1;
        if (h.strip) line = line.replace(/^\t+/, '');
        if (line === h.delim) break;
        body += `${line}\n`;
      }
      h.cmd.heredocs.push(body);
      // An unquoted delimiter means the body is expanded: `$(git log)` in it runs.
      // Stryker disable next-line Regex: a body is never empty of other characters (it ends with a newline); parsing a body without `$` or a backtick finds no command, so this test only saves the work
      if (h.expand && /[$`]/.test(body)) this.hooks.heredoc(body);
    }
  }

  /** Scans a whole text as the inside of double quotes, without a closing quote. */
  expandAll(): void {
    this.dquote(this.newAcc(), null);
  }

  word(): Word {
    const start = this.pos;
    const a = this.newAcc();
    const c0 = this.src[this.pos];
    // Stryker disable next-line ConditionalExpression: next() calls word() at `<` or `>` only when `(` follows (else they are operators)
    if ((c0 === '<' || c0 === '>') && this.src[this.pos + 1] === '(') {
      this.pos += 2;
      this.hooks.subst();
      this.dyn(a, null);
    }
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined) break;
      if (c === '(') {
        if (/[?*+@!]$/.test(a.text)) {
          a.text += this.balanced();
          continue;
        }
        if (a.plain && ARRAY_ASSIGN.test(a.text)) {
          this.pos++;
          this.arrayValues();
          this.dyn(a, null);
          continue;
        }
        break;
      }
      if (WORD_END.has(c)) break;
      if (c === '\\') {
        const n = this.src[this.pos + 1];
        // Stryker disable next-line ConditionalExpression: a backslash at the end: one or two past it both read as the end
        this.pos += n === undefined ? 1 : 2;
        if (n !== '\n') {
          a.text += n ?? '\\';
          a.plain = false;
        }
      } else if (c === "'") {
        const end = this.src.indexOf("'", this.pos + 1);
        // Stryker disable next-line EqualityOperator: the closing quote is searched from pos + 1, so end is never 0
        if (end < 0) throw new ShellParseError('unterminated single quote');
        a.text += this.src.slice(this.pos + 1, end);
        a.plain = false;
        this.pos = end + 1;
      } else if (c === '"') {
        this.pos++;
        a.plain = false;
        this.dquote(a, '"');
      } else if (c === '$') {
        this.dollar(a, false);
      } else if (c === '`') {
        this.backtick(a);
      } else {
        a.text += c;
        this.pos++;
      }
    }
    // Stryker disable next-line ConditionalExpression,StringLiteral,LogicalOperator: unreachable, next() calls word() only at a character that starts a word (blanks, newlines and operators are taken before)
    if (this.pos === start) throw new ShellParseError(`unexpected '${this.src[this.pos] ?? 'end'}'`);
    // Stryker disable next-line ConditionalExpression,LogicalOperator: every expansion adds one DYN, so a text that is exactly DYN had exactly one
    const varRef = a.text === DYN && a.expansions === 1 ? a.lastVar : null;
    return { text: a.text, raw: this.src.slice(start, this.pos), plain: a.plain, dynamic: a.dynamic, varRef };
  }

  /** `name=(a b c)` after the `(`: the values are data, but substitutions in them run. */
  private arrayValues(): void {
    for (;;) {
      const t = this.next();
      // Stryker disable next-line ConditionalExpression: t.v is undefined on a word, newline or end token, so `t.k === 'op'` adds nothing to `t.v === ')'`
      if (t.k === 'op' && t.v === ')') return;
      if (t.k === 'eof') throw new ShellParseError('unterminated array');
      if (t.k === 'op') throw new ShellParseError(`unexpected '${t.v}' in array`);
    }
  }
}

/** Quote removal alone (no expansion), as bash reads a here-document delimiter such as `"$x"`. */
function unquoted(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (c === '\\') out += raw[++i] ?? '';
    else if (c === "'") {
      const end = raw.indexOf("'", i + 1);
      out += raw.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      for (i++; i < raw.length && raw[i] !== '"'; i++) {
        if (raw[i] === '\\' && '$`"\\'.includes(raw[i + 1] ?? 'x')) i++;
        out += raw[i];
      }
    } else out += c;
  }
  return out;
}
