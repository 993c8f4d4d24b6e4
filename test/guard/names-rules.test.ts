// What a command word becomes before bash looks it up (src/guard/names.ts), with the expected words
// and answers written here (checked by hand against bash 5: `echo WORD`, and `WORD` in a folder that
// holds a file named git).
import { describe, expect, it } from 'vitest';
import { expandBraces, globCouldBeGit } from '../../src/guard/names.js';

describe('expandBraces', () => {
  it.each([
    ['git', ['git']],
    ['{git,status}', ['git', 'status']],
    ['git{,}', ['git', 'git']],
    ['{g,}it', ['git', 'it']],
    ['{g..g}it', ['git']],
    ['{g..i}t', ['gt', 'ht', 'it']],
    ['{i..g}t', ['it', 'ht', 'gt']],
    ['{a..e..2}', ['a', 'c', 'e']],
    ['{e..a..-2}', ['e', 'c', 'a']],
    ['{1..3}', ['1', '2', '3']],
    ['{3..1}', ['3', '2', '1']],
    ['{-1..1}', ['-1', '0', '1']],
    ['{1..10..0}', ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']],
    ['{a,b}{c..d}', ['ac', 'ad', 'bc', 'bd']],
    ['{a,{b,c}}', ['a', 'b', 'c']],
    ['{g,{x,y}}it', ['git', 'xit', 'yit']],
    ['x{a}y{b,c}', ['x{a}yb', 'x{a}yc']],
    ['{a}', ['{a}']],
    ['{}', ['{}']],
    ['{a..}', ['{a..}']],
    ['{a..1}', ['{a..1}']],
    ['{%..+}', ['{%..+}']],
    ['{ab..c}', ['{ab..c}']],
    ['${x,y}', ['${x,y}']],
    ['{,}', ['', '']],
    ['a{b', ['a{b']],
    ['a}b{c,d}', ['a}bc', 'a}bd']],
    ['{1..3x}', ['{1..3x}']],
    ['{10..12}', ['10', '11', '12']],
    ['{1..30..10}', ['1', '11', '21']],
    ['{1000..1001}', ['1000', '1001']],
  ])('%s', (word, words) => {
    expect(expandBraces(word)).toEqual(words);
  });

  it('refuses a word that makes more words than the bound', () => {
    expect(expandBraces('{a,b}{c,d}', 4)).toEqual(['ac', 'ad', 'bc', 'bd']);
    expect(expandBraces('{a,b}{c,d}', 3)).toBeNull();
    expect(expandBraces('{1..256}')?.length).toBe(256);
    expect(expandBraces('{1..257}')).toBeNull();
    expect(expandBraces('{0..1025}x')).toBeNull();
    expect(expandBraces('{1..100000000}')).toBeNull();
    expect(expandBraces('{a..z}{a..z}')).toBeNull();
    // The sequence bound: 1024 steps, counted in steps of the given size.
    expect(expandBraces('{0..1024}', 2000)?.length).toBe(1025);
    expect(expandBraces('{0..1025}', 2000)).toBeNull();
    expect(expandBraces('{0..2000..2}', 2000)?.length).toBe(1001);
  });
});

describe('globCouldBeGit', () => {
  const yes = [
    'g?t',
    'gi[t]',
    '[g]it',
    '[^h]it',
    '[!h]it',
    '[a-h]it',
    '[]g]it',
    '[!]h]it',
    '[[:alpha:]]it',
    'g[[:digit:]]t',
    '[[=g=]]it',
    '[[.g.]]it',
    'GI?',
    '[G]IT',
    '[A-H]it',
    '*',
    '?*',
    'g*',
    '*t',
    '???',
    '@(g|x)it',
    '!(x)it',
    '+(g)it',
    '?(g)it',
    '*(g)it',
    '@(a|@(b|c))it',
    'g)t',
    'g|t',
    'git-*',
    'git-st?tus',
    'g?t-st*',
    '*-lfs',
    'git-[a-z]*',
    '[f-h]it-*',
    // each checked in bash 5 (a file named git in the folder runs git): range ends, `]` first after `^`, a trailing `-`
    '[g-h]it',
    '[a-g]it',
    '[^]h]it',
    '[xag]it',
    '[g-]it',
    'gi(',
    '@(a|b)z',
    '????',
    'g*x',
  ];
  const no = [
    'tru?',
    '??',
    '[!g]it',
    '[^g]it',
    '[a-f]it',
    '[h-z]it',
    '[]h]it',
    '[^]g]it',
    'g[!i]t',
    'gi[!t]',
    '*.ts',
    'git-*.sh',
    'git-[.]*',
    'x*',
    'g?x',
    'gi?x',
    '[g',
    'gi[',
    '[',
    '@(a|b).z',
    'ls',
  ];
  it('could be git (or a git-NAME program)', () => {
    expect(yes.filter((g) => !globCouldBeGit(g))).toEqual([]);
  });
  it('could not', () => {
    expect(no.filter((g) => globCouldBeGit(g))).toEqual([]);
  });
});
