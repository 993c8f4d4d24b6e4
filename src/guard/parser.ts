// Structural shell parser for the guard. It does not build a full syntax tree: it finds every simple
// command that bash would run — in lists, pipelines, subshells, groups, `if`/`while`/`for`/`case`
// bodies, function bodies, `$(…)`, backticks and process substitutions — and leaves words that are
// data (for-lists, case patterns, `[[ … ]]`, here-document bodies) out of command position.
import { Lexer, REDIRECTS, type Token } from './lexer.js';
import { quickMentionsGit } from './quick.js';
import { type Cmd, MAX_DEPTH, newCmd, type ParseContext, ShellParseError, type Word } from './types.js';

/** Reserved words after which the next word is again a command name. */
const TRANSPARENT = new Set(['if', 'then', 'elif', 'else', 'while', 'until', 'do', '!', '{', 'coproc']);
/** Reserved words that close a compound command; only redirections may follow. */
const CLOSERS = new Set(['fi', 'done', 'esac', '}']);
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?\+?=/;

/** Parses `text` and returns every simple command in it, nested ones included, in source order. */
export function parseCommands(text: string, ctx: ParseContext): Cmd[] {
  // Stryker disable next-line ArrayDeclaration: no stop word: any word put in its place is never a plain command word here
  return nested(text, ctx, (p) => void p.list(['eof'], []));
}

/** The commands in the substitutions of an expanded text (an unquoted here-document's body). */
function parseExpansions(text: string, ctx: ParseContext): Cmd[] {
  return nested(text, ctx, (p) => p.lx.expandAll());
}

function nested(text: string, ctx: ParseContext, run: (p: Parser) => void): Cmd[] {
  if (ctx.depth >= MAX_DEPTH) throw new ShellParseError('commands nested too deeply');
  ctx.budget -= text.length;
  if (ctx.budget < 0) throw new ShellParseError('command too long to check');
  ctx.depth++;
  try {
    const p = new Parser(text, ctx);
    run(p);
    return p.cmds;
  } finally {
    ctx.depth--;
  }
}

class Parser {
  readonly cmds: Cmd[] = [];
  readonly lx: Lexer;

  constructor(
    text: string,
    private readonly ctx: ParseContext,
  ) {
    this.lx = new Lexer(text, {
      // Stryker disable next-line ArrayDeclaration: no stop word: any word put in its place is never a plain command word here
      subst: () => void this.list([')'], []),
      script: (t) => this.cmds.push(...parseCommands(t, ctx)),
      heredoc: (t) => this.cmds.push(...parseExpansions(t, ctx)),
      maybeScript: (t) => {
        try {
          this.cmds.push(...parseCommands(t, ctx));
        } catch {
          // Valid arithmetic, not commands.
        }
      },
      mentionsGit: quickMentionsGit,
    });
  }

  /** Parses commands until one of `stopOps` (an operator, or 'eof') or, at a command's start, one of `stopWords`. */
  list(stopOps: string[], stopWords: string[]): string {
    let cur: Cmd | null = null;
    let pipeFrom: Cmd | null = null;
    let afterTime = false;
    const start = (compound = false): Cmd => {
      const c = newCmd(pipeFrom, compound);
      pipeFrom = null;
      this.cmds.push(c);
      return c;
    };
    for (;;) {
      if (cur === null && this.lx.arithAhead()) {
        this.lx.arithCommand();
        cur = start(true);
        continue;
      }
      const t = this.lx.next();
      if (t.k === 'eof') {
        if (stopOps.includes('eof')) return 'eof';
        throw new ShellParseError('unexpected end of command');
      }
      if (t.k === 'nl') {
        cur = null;
        continue;
      }
      if (t.k === 'op') {
        const v = t.v;
        if (stopOps.includes(v)) return v;
        if (REDIRECTS.has(v)) {
          const target = this.word(this.lx.next());
          const c: Cmd = cur ?? start();
          cur = c;
          if (v === '<<' || v === '<<-') this.lx.addHeredoc(target, v === '<<-', c);
          else if (v === '<<<') c.herestrings.push(target);
          else if (v === '<' || v === '<>') c.inputs.push(target);
          else if (v === '<&') c.inputs.push({ ...target, dynamic: true });
          continue;
        }
        if (v === '(') {
          if (cur === null) {
            // Stryker disable next-line ArrayDeclaration: no stop word: any word put in its place is never a plain command word here
            this.list([')'], []);
            cur = start(true);
            continue;
          }
          if (cur.words.length === 1 && cur.assigns.length === 0 && !cur.compound) {
            // `name() body`: a function definition; its body is parsed as the next command.
            const close = this.lx.next();
            // Stryker disable next-line ConditionalExpression,LogicalOperator: only operator tokens have a v, so `close.v !== ')'` alone decides
            if (close.k !== 'op' || close.v !== ')') throw new ShellParseError("expected ')' after function name");
            cur.words = [];
            cur = null;
            continue;
          }
          throw new ShellParseError("unexpected '('");
        }
        if (v === '|' || v === '|&') {
          if (cur === null) throw new ShellParseError(`unexpected '${v}'`);
          pipeFrom = cur;
          cur = null;
          continue;
        }
        if (v === ';' || v === '&' || v === '&&' || v === '||') {
          cur = null;
          pipeFrom = null;
          continue;
        }
        throw new ShellParseError(`unexpected '${v}'`);
      }
      const w = t.w;
      const timed = afterTime;
      afterTime = false;
      if (cur === null && w.plain) {
        if (stopWords.includes(w.text)) return w.text;
        if (TRANSPARENT.has(w.text)) continue;
        // The `time` keyword (and its -p) times a whole pipeline: `time { git status; }`.
        if (w.text === 'time' || (timed && w.text === '-p')) {
          afterTime = true;
          continue;
        }
        if (CLOSERS.has(w.text)) {
          cur = start(true);
          continue;
        }
        if (w.text === 'for' || w.text === 'select') {
          this.forHead();
          continue;
        }
        if (w.text === 'case') {
          this.caseBody();
          cur = start(true);
          continue;
        }
        if (w.text === '[[') {
          this.skipTest();
          cur = start(true);
          continue;
        }
        if (w.text === 'function') {
          this.word(this.lx.next());
          this.lx.eatEmptyParens();
          continue;
        }
      }
      if (cur?.compound) throw new ShellParseError(`unexpected word '${w.raw}'`);
      const m = ASSIGNMENT.exec(w.raw);
      if (m?.[1] && (cur === null || cur.words.length === 0)) {
        const c: Cmd = cur ?? start();
        cur = c;
        const value = { ...w, text: w.text.slice(w.text.indexOf('=') + 1) };
        c.assigns.push({ name: m[1], value });
        if (!w.dynamic) this.ctx.vars.set(m[1], value.text);
        continue;
      }
      const c: Cmd = cur ?? start();
      cur = c;
      c.words.push(w);
    }
  }

  private word(t: Token): Word {
    if (t.k !== 'word') throw new ShellParseError('expected a word');
    return t.w;
  }

  /** `for name [in words…]` up to the `;`, newline or `do`; `for ((…))`. The words are data. */
  private forHead(): void {
    if (this.lx.arithAhead()) {
      this.lx.arithCommand();
      return;
    }
    this.word(this.lx.next());
    for (;;) {
      const t = this.lx.next();
      if (t.k === 'nl') continue;
      if (t.k === 'op' && t.v === ';') return;
      if (t.k === 'word' && t.w.plain && t.w.text === 'do') return;
      if (t.k === 'word' && t.w.plain && t.w.text === 'in') {
        for (;;) {
          const u = this.lx.next();
          if (u.k === 'word') continue;
          // Stryker disable next-line ConditionalExpression: only operator tokens have a v, so `u.v === ';'` alone decides
          if (u.k === 'nl' || (u.k === 'op' && u.v === ';')) return;
          throw new ShellParseError("unexpected token in 'for'");
        }
      }
      throw new ShellParseError("unexpected token in 'for'");
    }
  }

  /** `case word in pattern) list ;; … esac`, after `case`. Patterns are data; lists are commands. */
  private caseBody(): void {
    this.word(this.lx.next());
    let t = this.lx.next();
    while (t.k === 'nl') t = this.lx.next();
    if (t.k !== 'word' || t.w.text !== 'in') throw new ShellParseError("expected 'in' after 'case'");
    for (;;) {
      t = this.lx.next();
      while (t.k === 'nl') t = this.lx.next();
      if (t.k === 'word' && t.w.plain && t.w.text === 'esac') return;
      if (t.k === 'op' && t.v === '(') t = this.lx.next();
      // Stryker disable next-line ConditionalExpression: only operator tokens have a v, so `t.v === ')'` alone decides
      while (!(t.k === 'op' && t.v === ')')) {
        if (t.k === 'eof' || t.k === 'nl' || (t.k === 'op' && t.v !== '|')) throw new ShellParseError('bad case pattern');
        t = this.lx.next();
      }
      if (this.list([';;', ';&', ';;&'], ['esac']) === 'esac') return;
    }
  }

  /** `[[ … ]]`: a test expression, not commands (substitutions in it are still parsed by the lexer). */
  private skipTest(): void {
    for (;;) {
      const t = this.lx.next();
      if (t.k === 'eof') throw new ShellParseError("unterminated '[['");
      if (t.k === 'word' && t.w.text === ']]') return;
    }
  }
}
