// The parser's rules (src/guard/parser.ts) with fixed expectations (issue #27): which words are commands
// and which are data (for-lists, case patterns, `[[ … ]]`), what is piped into what across newlines and
// list operators, redirections that feed a command, functions, `time`, assignments, the bounds, and the
// errors for text bash would refuse. Written by hand; the git rows were checked against bash 5.
import { describe, expect, it } from 'vitest';
import { parseCommands } from '../../src/guard/parser.js';
import { findGitUses } from '../../src/guard/resolve.js';
import { DYN, newContext } from '../../src/guard/types.js';

const git = (sub: string) => ({ sub, risky: null, dirs: [], elsewhere: false });
const SCRIPT = { sub: null, via: 'commands only known at run time' };
const uses = (cmd: string) => findGitUses(cmd, newContext());
const parse = (cmd: string) => parseCommands(cmd, newContext());
const words = (cmd: string) => parse(cmd).map((c) => c.words.map((w) => w.text));

describe('parser rules: the git a command text runs', () => {
  it.each<[string, unknown[]]>([
    // a pipe may continue on the next line; a newline or a list operator ends it
    ['echo git push |\nsh', [git('push')]],
    ['echo git push |\n\nsh', [git('push')]],
    ['echo git push\nsh', []],
    ['echo git push; sh', []],
    ['echo git push & sh', []],
    ['echo git push && sh', []],
    ['echo git push || sh', []],
    ['echo git push |& sh', [git('push')]],
    // redirections that feed a shell
    ["sh <<< 'git log'", [git('log')]],
    ['sh <&3', [SCRIPT]],
    ['sh 0<&3', [SCRIPT]],
    ['sh < x.sh', []],
    ['sh <> x.sh', []],
    ['sh > out.txt', []],
    ['sh <<EOF\ngit push\nEOF', [git('push')]],
    ['sh <<-EOF\n\tgit log\n\tEOF', [git('log')]],
    ['<<< "git log" sh', [git('log')]],
    // time, and -p only after it
    ['time git log', [git('log')]],
    ['time -p git log', [git('log')]],
    ['-p git log', []],
    ['time { git status; }', [git('status')]],
    ['! time git push', [git('push')]],
    // reserved words: after them, a command; closers only take redirections
    ['if git diff; then git log; elif git fetch; then :; else git pull; fi', [git('diff'), git('log'), git('fetch'), git('pull')]],
    ['while git fetch; do :; done', [git('fetch')]],
    ['until git pull; do :; done', [git('pull')]],
    ['{ git status; } > x', [git('status')]],
    ['coproc git log', [git('log')]],
    ['echo if then git', []],
    ['echo }', []],
    // for/select lists and case patterns are data; bodies are commands
    ['for x in git push; do :; done', []],
    ['for x in a; do git log; done', [git('log')]],
    ['for x in a b\ndo git log; done', [git('log')]],
    ['for x\ndo git log; done', [git('log')]],
    ['for x; do git push; done', [git('push')]],
    ['for x do git push; done', [git('push')]],
    ['for ((i=0;i<1;i++)); do git log; done', [git('log')]],
    ['select x in git push; do git log; done', [git('log')]],
    ['case git in git) :;; esac', []],
    ['case x in (a|git) git log;; esac', [git('log')]],
    ['case x in\n a) git push;;\n b) :;&\n c) git log;;&\nesac', [git('push'), git('log')]],
    ['case x in a) git push\nesac', [git('push')]],
    ['case x in esac', []],
    ['case x\nin a) git log;; esac', [git('log')]],
    ['for x \n in a; do git push; done', [git('push')]],
    ['echo; -p git log', []],
    // [[ … ]] is a test, but substitutions in it run
    ['[[ git == x ]] && git log', [git('log')]],
    ['[[ -n $(git log) ]]', [git('log')]],
    ['[[ x ]] > y', []],
    // arithmetic: ((…)) is not a subshell, but $(…) in it runs
    ['((x=1)) && git log', [git('log')]],
    ['(( $(git log) ))', [git('log')]],
    // functions
    ['f() { git log; }', [git('log')]],
    ['f () ( git push )', [git('push')]],
    ['function f { git log; }', [git('log')]],
    ['function f() ( git log )', [git('log')]],
    // assignments
    ['a=1 git log', [git('log')]],
    ['a[1]=x b+=y git log', [git('log')]],
    ['echo a=1; git=1', []],
    ['G=git; $G log', [git('log')]],
    ['G=$(echo); $G log', [{ sub: null, via: 'a command name only known at run time' }]],
    ['x=1 $(git log)', [{ sub: null, via: 'a command name only known at run time' }, git('log')]],
  ])('%j', (cmd, expected) => {
    expect(uses(cmd)).toEqual(expected);
  });
});

describe('parser rules: commands and their parts', () => {
  it.each<[string, string[][]]>([
    ['a | b\nc', [['a'], ['b'], ['c']]],
    ['(a) > x; b', [['a'], [], ['b']]],
    ['a=1 b=2', [[]]],
    ['a=1 b c=3', [['b', 'c=3']]],
    ['for x in y; do z; done', [['z'], []]],
    ['x() { y; }', [[], ['y'], []]],
    ['case a in b) c;; esac', [['c'], []]],
    ['[[ a ]] && b', [[], ['b']]],
    ['f $(g) `h`', [['f', DYN, DYN], ['g'], ['h']]],
  ])('%j gives the commands %j', (cmd, expected) => {
    expect(words(cmd)).toEqual(expected);
  });

  it('says what is piped into what, and which commands are compound', () => {
    const [a, b, c] = parse('a | b\nc');
    expect([a?.pipedFrom, b?.pipedFrom === a, c?.pipedFrom]).toEqual([null, true, null]);
    const [sub, closer, d] = parse('(x) | d');
    expect([sub?.compound, closer?.compound, d?.pipedFrom === closer, d?.compound]).toEqual([false, true, true, false]);
  });

  it('keeps assignments with their values and remembers static ones', () => {
    const ctx = newContext();
    const [cmd] = parseCommands('A=1 B[2]+=x C=$(y) run', ctx);
    expect(cmd?.assigns.map((a) => [a.name, a.value.text])).toEqual([
      ['A', '1'],
      ['B', 'x'],
      ['C', DYN],
    ]);
    expect([...ctx.vars]).toEqual([
      ['A', '1'],
      ['B', 'x'],
    ]);
  });

  it('feeds redirections to the command they belong to', () => {
    const [cmd] = parse('sh <x <>y <&3 <<<"z" 2>e');
    expect(cmd?.inputs.map((w) => [w.text, w.dynamic])).toEqual([
      ['x', false],
      ['y', false],
      ['3', true],
    ]);
    expect(cmd?.herestrings.map((w) => w.text)).toEqual(['z']);
  });

  it.each<[string, string]>([
    ['| sh', "unexpected '|'"],
    [';; a', "unexpected ';;'"],
    ['echo x (', "unexpected '('"],
    ['a=1 f() { :; }', "unexpected '('"],
    ['{ :; } ()', "unexpected '('"],
    ['f ( x )', "expected ')' after function name"],
    ['(a) b', "unexpected word 'b'"],
    ['if a; then b; fi c', "unexpected word 'c'"],
    ['echo >', 'expected a word'],
    ['(a', 'unexpected end of command'],
    ['for x y', "unexpected token in 'for'"],
    ['for x in a & do b; done', "unexpected token in 'for'"],
    ['case a b', "expected 'in' after 'case'"],
    ['case a in b; esac', 'bad case pattern'],
    ['case a in b\n) c;; esac', 'bad case pattern'],
    ['case a in b', 'bad case pattern'],
    ['[[ a', "unterminated '[['"],
    ['echo ((x))', "expected ')' after function name"],
    ['((x)) git log', "unexpected word 'git'"],
    ['[[ x ]] git log', "unexpected word 'git'"],
    ['case a in b) :;; esac git log', "unexpected word 'git'"],
    ['for x & do b; done', "unexpected token in 'for'"],
    ["for x 'do' git push; done", "unexpected token in 'for'"],
    ["for x 'in' a; do :; done", "unexpected token in 'for'"],
    ['case a ; in b) :;; esac', "expected 'in' after 'case'"],
    ['a )', "unexpected ')'"],
  ])('refuses %j: %s', (cmd, message) => {
    expect(() => parse(cmd)).toThrow(message);
  });

  it('bounds the text and the nesting', () => {
    expect(parseCommands('git status', newContext(10)).length).toBe(1);
    expect(() => parseCommands('git status ', newContext(10))).toThrow('command too long to check');
    const deep = newContext();
    deep.depth = 11;
    expect(parseCommands('a', deep).length).toBe(1);
    expect(deep.depth).toBe(11);
    deep.depth = 12;
    expect(() => parseCommands('a', deep)).toThrow('commands nested too deeply');
  });
});
