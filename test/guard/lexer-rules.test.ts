// The tokenizer's rules (src/guard/lexer.ts), each with the git uses a command gives or the words it is
// split into, written here by hand (issue #27): comments, blanks, descriptor numbers, `<(`, `function f ( )`,
// here-documents (`<<-` strips leading tabs only), quotes that make a reserved word plain text, extglob
// groups, arrays, and the errors for text bash would not run. Checked against bash 5 where it runs git.
import { describe, expect, it } from 'vitest';
import { parseCommands } from '../../src/guard/parser.js';
import { findGitUses } from '../../src/guard/resolve.js';
import { DYN, newContext } from '../../src/guard/types.js';

const git = (sub: string) => ({ sub, risky: null, dirs: [], elsewhere: false });
const COMPUTED = { sub: null, via: 'a command name only known at run time' };
const uses = (cmd: string) => findGitUses(cmd, newContext());
const words = (cmd: string) => parseCommands(cmd, newContext()).map((c) => c.words.map((w) => w.text));

describe('lexer rules', () => {
  it.each<[string, unknown[]]>([
    // comments run to the end of their line, and only there
    ['echo hi # ; git push', []],
    ["echo hi # it's", []],
    ['# note\ngit status', [git('status')]],
    ['echo a #x\ngit log', [git('log')]],
    ['echo a#b; git log', [git('log')]],
    // blanks: space, tab, carriage return, a backslash-newline
    ['echo\tx;\tgit\tlog', [git('log')]],
    ['git\r status', [git('status')]],
    ['echo x \\\n; git push', [git('push')]],
    // a descriptor number before a redirection is not a word
    ['12>/dev/null git log', [git('log')]],
    ['2>&1 git status', [git('status')]],
    ['echo 12 >x; git log', [git('log')]],
    // an operator right before `(`
    ['true;(git status)', [git('status')]],
    ['echo|(git log)', [git('log')]],
    ['true&&(git push)', [git('push')]],
    // functions: `f()`, `function f ( )`, `function f`
    ['f() { git log; }; f', [git('log')]],
    ['function f() { git log; }', [git('log')]],
    ['function f ( ) { git push; }; f', [git('push')]],
    ['function f { :; }; echo "()"', []],
    ['function f ( git log ); echo "()"', [git('log')]],
    // here-documents: the body is data; an unterminated one ends with the text; `<<-` strips leading tabs
    ['sh <<EOF\ngit status', [git('status')]],
    ['cat <<EOF\n\tEOF\ngit push\nEOF', []],
    ['cat <<-EOF\nE\tOF\ngit push\nEOF', []],
    ['cat <<-EOF\n\t\tEOF\ngit push\nEOF', [git('push')]],
    ['cat <<EOF\n$(git log)\nEOF', [git('log')]],
    ["cat <<'EOF'\n$(git log)\nEOF", []],
    ['cat <<EOF; git push\nbody\nEOF', [git('push')]],
    // quoted reserved words are plain commands, not reserved words
    ["'if' git push", []],
    ['"if" git push', []],
    ['\\if git push', []],
    ['if git push; then :; fi', [git('push')]],
    // a trailing backslash stays in the word
    ['git\\', []],
    // `$G` alone is the variable; with other text it is a computed name
    ['G=git; x$G status', [COMPUTED]],
    ['G=git; "$G" status', [git('status')]],
    ['G=git; ${G} status', [git('status')]],
    // array values are data; substitutions in them run
    ['a=(x git push)', []],
    ['a=(x $(git log))', [git('log')]],
    ['a+=(git push) ; b[1]=(x)', []],
  ])('%j', (cmd, expected) => {
    expect(uses(cmd)).toEqual(expected);
  });

  it.each<[string, string[][]]>([
    ['@(g|x)it push', [['@(g|x)it', 'push']]],
    ['ls !(a|b) x', [['ls', '!(a|b)', 'x']]],
    ['echo +(a(b)c)d', [['echo', '+(a(b)c)d']]],
    ['cat <(ls) >(wc)', [['cat', DYN, DYN], ['ls'], ['wc']]],
    ['a=(1 2) b', [['b']]],
    ['echo 12>x 3', [['echo', '3']]],
    ['echo a\\ b', [['echo', 'a b']]],
  ])('%j splits into %j', (cmd, expected) => {
    expect(words(cmd)).toEqual(expected);
  });

  it('keeps the source text, and says which words are plain', () => {
    const [cmd] = parseCommands(`echo 'a'b "c" \\d e $x`, newContext());
    expect(cmd?.words.map((w) => [w.text, w.raw, w.plain, w.dynamic])).toEqual([
      ['echo', 'echo', true, false],
      ['ab', "'a'b", false, false],
      ['c', '"c"', false, false],
      ['d', '\\d', false, false],
      ['e', 'e', true, false],
      [DYN, '$x', false, true],
    ]);
  });

  it.each<[string, string]>([
    ["echo 'x", 'unterminated single quote'],
    ['echo "x', 'unterminated double quote'],
    ['a=(1 2', 'unterminated array'],
    ['a=(1 ; 2)', "unexpected ';' in array"],
    ['a=(1 | 2)', "unexpected '|' in array"],
    ['echo a!b(c)', "unexpected '('"],
  ])('refuses %j: %s', (cmd, message) => {
    expect(() => parseCommands(cmd, newContext())).toThrow(message);
  });
});
