// Quotes and expansions inside a word (src/guard/scan.ts) with fixed expectations (issue #27): what
// `$'…'` decodes to (so `$'\x67it'` is git), what double quotes keep, which `$…` forms are a variable
// of their own, the commands inside `${…}`, `$((…))`, `((…))` and backticks, and the errors.
import { describe, expect, it } from 'vitest';
import { parseCommands } from '../../src/guard/parser.js';
import { findGitUses } from '../../src/guard/resolve.js';
import { DYN, newContext } from '../../src/guard/types.js';

const git = (sub: string) => ({ sub, risky: null, dirs: [], elsewhere: false });
const first = (cmd: string) => parseCommands(cmd, newContext())[0]?.words[1];
const uses = (cmd: string) => findGitUses(cmd, newContext());

describe('scan rules', () => {
  it.each<[string, string]>([
    // $'…' escapes
    ["$'\\x67\\u0069\\U00000074'", 'git'],
    ["$'\\147\\151\\164'", 'git'],
    ["$'\\1477'", 'g7'],
    ["$'\\0'", '\0'],
    ["$'\\x677'", 'g7'],
    ["$'\\u00677'", 'g7'],
    ["$'\\U0000006777'", 'g77'],
    ["$'\\U7fffffff'", '\u{10ffff}'],
    ["$'\\xZ'", '\\xZ'],
    ["$'\\uZ'", '\\uZ'],
    ["$'\\UZ'", '\\UZ'],
    ["$'a\\tb\\nc\\rd'", 'a\tb\nc\rd'],
    ["$'\\a\\b\\e\\E\\f\\v'", '\x07\b\x1b\x1b\f\v'],
    ["$'g\\it'", 'git'],
    ["$'\\''", "'"],
    ["$'\\cAx'", 'x'],
    ["x$'\\x67'y", 'xgy'],
    // double quotes keep a backslash unless it escapes $ ` \" \\ or a newline
    ['"a\\$b"', 'a$b'],
    ['"a\\\\b"', 'a\\b'],
    ['"a\\"b"', 'a"b'],
    ['"a\\`b"', 'a`b'],
    ['"a\\qb"', 'a\\qb'],
    ['"a\\\nb"', 'ab'],
    ['$"gi"t', 'git'],
    ['"$"', '$'],
    // $ forms
    ['$', '$'],
    ['a$', 'a$'],
    ['$%', '$%'],
    ['$1x', `${DYN}x`],
    ['$@', DYN],
    ['$#', DYN],
    ['$$', DYN],
    ['$!', DYN],
    ['$-', DYN],
    ['$?', DYN],
    ['$*', DYN],
    ['$((1+2))x', `${DYN}x`],
    ['${x:-"}"}y', `${DYN}y`],
    ["${x:-'}'}y", `${DYN}y`],
    ['${x:-\\}}y', `${DYN}y`],
    // `$'…'` inside `${…}` is decoded (its `\'` does not close it); `$x(` is not `$((`
    ["${x:-$'\\''}y", `${DYN}y`],
    ['"$x(y)"', `${DYN}(y)`],
  ])('%j reads as %j', (word, text) => {
    expect(first(`echo ${word}`)?.text).toBe(text);
  });

  it.each<[string, string | null]>([
    ['$x', 'x'],
    ['${x}', 'x'],
    ['"$x"', 'x'],
    ['$x_1', 'x_1'],
    ['${x_1}', 'x_1'],
    ['${x:-y}', null],
    ['${#x}', null],
    ['$1', null],
    ['$(x)', null],
    ['$x$y', null],
    ['a$x', null],
  ])('%j is the variable %j', (word, name) => {
    expect(first(`echo ${word}`)?.varRef).toBe(name);
  });

  it.each<[string, unknown[]]>([
    ['echo ${x:-$(git log)}', [git('log')]],
    ['echo ${x:-`git push`}', [git('push')]],
    ['echo ${x:-"$(git status)"}', [git('status')]],
    ['echo $(( $(git log) + 1 ))', [git('log')]],
    ['echo $(( `git log` ))', [git('log')]],
    ['echo $(( "$(git log)" ))', [git('log')]],
    ['echo $(( (1) + (2) ))', []],
    ['((git status))', [git('status')]],
    ['(( x + 1 ))', []],
    ['((echo git))', []],
    ['echo `git log`', [git('log')]],
    ['echo `echo \\`git push\\``', [git('push')]],
    ['echo `echo \\$x; git fetch`', [git('fetch')]],
    ['echo "`git log`"', [git('log')]],
    ['echo "$(git log)"', [git('log')]],
    ['echo @(a\\)b)', []],
    ['echo @(a|(b)c)', []],
    // Inside `$((…))`: `$'…'` is not decoded (bash runs the `$(…)` in it), a quoted `)` does not close,
    // `\)` is skipped.
    ["echo $(( $'$(git log)' ))", [git('log')]],
    ['echo $(git log) $(( ")" ))', [git('log')]],
    ['echo $(( \\) ))', []],
    // A quoted `!` is a command name (not found), not the pipeline negation.
    ["$'!' git push", []],
    ['$"!" git push', []],
  ])('%j runs %j', (cmd, expected) => {
    expect(uses(cmd)).toEqual(expected);
  });

  it.each<[string, string]>([
    ["echo $'abc", "unterminated $'…'"],
    ['echo `abc', 'unterminated backtick'],
    ['echo ${x', 'unterminated ${…}'],
    ["echo ${x:-'y}", 'unterminated single quote'],
    ['echo $((1+2', 'unterminated arithmetic'],
    ['echo $((1+2)', "unbalanced ')' in arithmetic"],
    ['echo $((1)x))', "unbalanced ')' in arithmetic"],
    ['echo @(a', 'unterminated pattern group'],
    ['echo "a', 'unterminated double quote'],
  ])('refuses %j: %s', (cmd, message) => {
    expect(() => parseCommands(cmd, newContext())).toThrow(message);
  });
});
