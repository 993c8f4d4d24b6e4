// Quotes and expansions inside a shell word: `'…'`, `"…"`, `$'…'`, `$var`, `${…}`, `$(…)`, `$((…))`
// and backticks. Substitutions that run commands are handed to the parser through `ScanHooks`.
import { DYN, ShellParseError } from './types.js';

export interface ScanHooks {
  /** The lexer stands just after `$(` or `<(`: parse a command list and consume its `)`. */
  subst(): void;
  /** A separate script text to parse: backtick contents. */
  script(text: string): void;
  /** An expanded here-document body: parse the substitutions in it. */
  heredoc(body: string): void;
  /** Text that may or may not be a script (`((…))` could be two subshells): parse it, ignore errors. */
  maybeScript(text: string): void;
  /** True when the text could contain a git command at all (the cheap pre-check). */
  mentionsGit(text: string): boolean;
}

export interface Acc {
  text: string;
  plain: boolean;
  dynamic: boolean;
  expansions: number;
  lastVar: string | null;
}

export class Scanner {
  pos = 0;

  constructor(
    readonly src: string,
    protected readonly hooks: ScanHooks,
  ) {}

  protected newAcc(): Acc {
    return { text: '', plain: true, dynamic: false, expansions: 0, lastVar: null };
  }

  protected dyn(a: Acc, varName: string | null): void {
    a.text += DYN;
    // Stryker disable next-line BooleanLiteral: a DYN text is never a reserved word or an array-assignment name, the only readers of `plain` (a here-document delimiter reads `raw`)
    a.plain = false;
    a.dynamic = true;
    a.expansions++;
    a.lastVar = varName;
  }

  /** Inside double quotes (term '"') or an expanded here-document body (term null). */
  protected dquote(a: Acc, term: '"' | null): void {
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined) {
        if (term) throw new ShellParseError('unterminated double quote');
        return;
      }
      if (c === term) {
        this.pos++;
        return;
      }
      if (c === '\\') {
        const n = this.src[this.pos + 1];
        if (n === '\n') this.pos += 2;
        else if (
          // Stryker disable next-line ConditionalExpression: `includes(undefined)` looks for the text "undefined", which is not in the list
          n !== undefined &&
          '$`"\\'.includes(n)
        ) {
          a.text += n;
          this.pos += 2;
        } else {
          a.text += '\\';
          this.pos++;
        }
      } else if (c === '$') this.dollar(a, true);
      else if (c === '`') this.backtick(a);
      else {
        a.text += c;
        this.pos++;
      }
    }
  }

  protected dollar(a: Acc, inDquote: boolean): void {
    const n = this.src[this.pos + 1];
    if (n === "'" && !inDquote) {
      this.pos += 2;
      a.text += this.ansiC();
      a.plain = false;
    } else if (n === '"' && !inDquote) {
      this.pos += 2;
      a.plain = false;
      this.dquote(a, '"');
    } else if (n === '(' && this.src[this.pos + 2] === '(') {
      this.pos += 3;
      this.arith();
      this.dyn(a, null);
    } else if (n === '(') {
      this.pos += 2;
      this.hooks.subst();
      this.dyn(a, null);
    } else if (n === '{') {
      this.pos += 2;
      const inner = this.braced();
      this.dyn(a, /^[A-Za-z_][A-Za-z0-9_]*$/.test(inner) ? inner : null);
    } else if (n !== undefined && /[A-Za-z_]/.test(n)) {
      // Stryker disable next-line Regex: the slice starts with a name character (the test above), so the first match is at 0
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.src.slice(this.pos + 1, this.pos + 256));
      // Stryker disable next-line OptionalChaining: never null, the slice starts with a name character
      const name = m?.[0] ?? n;
      this.pos += 1 + name.length;
      this.dyn(a, name);
    } else if (
      // Stryker disable next-line ConditionalExpression: `test(undefined)` tests the text "undefined", which has none of these characters
      n !== undefined &&
      /[0-9@*#?$!-]/.test(n)
    ) {
      this.pos += 2;
      this.dyn(a, null);
    } else {
      a.text += '$';
      this.pos++;
    }
  }

  /** `$'…'`: decodes the escapes, so `$'\x67it'` reads as `git`. */
  private ansiC(): string {
    let out = '';
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined) throw new ShellParseError("unterminated $'…'");
      this.pos++;
      if (c === "'") return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      // Stryker disable next-line StringLiteral: only a backslash at the very end reads past it, and the next turn throws unterminated
      const e = this.src[this.pos] ?? '';
      this.pos++;
      const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v' };
      if (e in simple) out += simple[e];
      else if (e === 'x' || e === 'u' || e === 'U') {
        const max = e === 'x' ? 2 : e === 'u' ? 4 : 8;
        const m = new RegExp(`^[0-9a-fA-F]{1,${max}}`).exec(this.src.slice(this.pos, this.pos + max));
        if (!m) out += `\\${e}`;
        else {
          out += String.fromCodePoint(Math.min(parseInt(m[0], 16), 0x10ffff));
          this.pos += m[0].length;
        }
      } else if (/[0-7]/.test(e)) {
        // Stryker disable next-line Regex: `{0,2}` also matches empty at 0, and the first match wins, so the anchor changes nothing
        const m = /^[0-7]{0,2}/.exec(this.src.slice(this.pos, this.pos + 2));
        // Stryker disable next-line OptionalChaining,StringLiteral: `{0,2}` always matches (maybe empty), so m is never null
        out += String.fromCharCode(parseInt(e + (m?.[0] ?? ''), 8) & 0xff);
        // Stryker disable next-line OptionalChaining: m is never null (above)
        this.pos += m?.[0].length ?? 0;
      } else if (e === 'c') {
        this.pos++;
      } else out += e;
    }
  }

  protected backtick(a: Acc): void {
    this.pos++;
    let inner = '';
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined) throw new ShellParseError('unterminated backtick');
      this.pos++;
      if (c === '`') break;
      const n = this.src[this.pos];
      // Stryker disable next-line ConditionalExpression: `includes(undefined)` looks for the text "undefined", which is not in the list
      if (c === '\\' && n !== undefined && '`\\$'.includes(n)) {
        inner += n;
        this.pos++;
      } else inner += c;
    }
    this.hooks.script(inner);
    this.dyn(a, null);
  }

  /** `${…}` after the `${`: returns the inside; substitutions in it are parsed. */
  private braced(): string {
    const start = this.pos;
    const scratch = this.newAcc();
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined) throw new ShellParseError('unterminated ${…}');
      if (c === '}') {
        this.pos++;
        return this.src.slice(start, this.pos - 1);
      }
      if (c === '\\') this.pos += 2;
      else if (c === "'") {
        const end = this.src.indexOf("'", this.pos + 1);
        // Stryker disable next-line EqualityOperator: the search starts at pos + 1, so end is never 0
        if (end < 0) throw new ShellParseError('unterminated single quote');
        this.pos = end + 1;
      } else if (c === '"') {
        this.pos++;
        this.dquote(scratch, '"');
      } else if (c === '$') this.dollar(scratch, false);
      else if (c === '`') this.backtick(scratch);
      else this.pos++;
    }
  }

  /** Arithmetic after `((` or `$((`, through the closing `))`. */
  protected arith(): void {
    const start = this.pos;
    const scratch = this.newAcc();
    let depth = 0;
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined) throw new ShellParseError('unterminated arithmetic');
      if (c === '(') {
        depth++;
        this.pos++;
      } else if (c === ')') {
        if (depth > 0) {
          depth--;
          this.pos++;
        } else if (this.src[this.pos + 1] === ')') {
          const inner = this.src.slice(start, this.pos);
          this.pos += 2;
          // Bash reads `((…))` as two subshells when it does not close as arithmetic; to stay on the
          // safe side, text inside that looks like commands is also checked as commands (its
          // substitutions were already parsed above).
          if (!/[$`]/.test(inner) && this.hooks.mentionsGit(inner)) this.hooks.maybeScript(inner);
          return;
        } else throw new ShellParseError("unbalanced ')' in arithmetic");
      } else if (c === '$') this.dollar(scratch, true);
      else if (c === '`') this.backtick(scratch);
      else if (c === '"') {
        this.pos++;
        this.dquote(scratch, '"');
      } else if (c === '\\') this.pos += 2;
      else this.pos++;
    }
  }

  /** Extglob group `@(a|b)` as literal text. */
  protected balanced(): string {
    const start = this.pos;
    let depth = 0;
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined) throw new ShellParseError('unterminated pattern group');
      this.pos++;
      if (c === '\\') this.pos++;
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return this.src.slice(start, this.pos);
    }
  }
}
