// The fast path's rules with fixed lists (issue #27): each clause of needsParse has commands it must send
// to the parser (a false "no" lets git run unparsed) and harmless look-alikes it lets through; the word
// checks used for unparseable commands likewise. The lists are written here, not taken from quick.ts.
import { describe, expect, it } from 'vitest';
import { mentionsGitWord, mentionsGuardWord, needsParse, quickMentionsGit } from '../../src/guard/quick.js';

const PARSE: Record<string, string[]> = {
  'expansions and escapes': [
    'echo $x',
    'echo `id`',
    'cat <(ls)',
    'tee >(cat)',
    "printf '\\x67it'",
    "printf '\\147it'",
    "echo -e '\\u0067'",
    'echo {a,b}',
    'echo {1..3}',
    'echo {ab,cd}',
    'echo {10..20}',
  ],
  'git in any spelling': ['git status', 'GIT status', "g'i't status", 'g"i"t log', 'g\\it log', 'g\\\nit log', 'g*i*t', 'x=1; git'],
  'guard and approve in any spelling': ["butler g'u'ard mode off", 'butler GUARD mode off', 'butler issue a"p"prove-url'],
  'programs that run text': [
    'sh -c x',
    'bash x.sh',
    'xargs rm',
    'find . -exec rm {} ;',
    'find . -okdir rm {} ;',
    '. ./env.sh',
    'true && . ./env.sh',
    'if true; then . ./env.sh; fi',
    'eval x',
    'vim notes.md',
    'gh pr list',
    'npm version patch',
    'lazygit',
  ],
  'interpreters with inline code': [
    'python -c "print(1)"',
    'python3.11 - < x',
    'node -e x',
    'node --eval x',
    'perl -pe s/a/b/ f',
    'ruby x.rb | cat',
    'node <<EOF',
  ],
  'sed that executes': ["sed 'e' f", "sed 's/a/b/e' f", "sed 's/a/b/ge' f"],
  'globs that can name git': [
    'g*',
    '/usr/bin/gi?',
    'l[g]it',
    '[g]it',
    '*',
    'ls git-*',
    'git-lfs*',
    'GI*',
    "'g'*",
    'a/b*/gi?',
    '[gh]i?',
    '[ab]xx',
    '[^h]it push',
    '[!]h]it push',
    '[]g]x',
    '[[:alpha:]]it push',
    'x/[[:alpha:]]',
    '[:ab:]it',
    '[[=g=]]it',
    '[[.g.]]it',
  ],
  'extglob groups (shopt -s extglob)': ['@(g|x)it push', '!(x)it push', '+(g)it', '?(g)it', '*(g)it', 'ls @(a|b)'],
};

const NO_PARSE: Record<string, string[]> = {
  'harmless look-alikes': [
    'ls -la',
    'echo hi',
    'g it',
    'g;it',
    './sh-tools/run',
    'cat fish.txt',
    'ls bash_history',
    'echo gh-pages',
    'python script.py',
    'node dist/index.js',
    "sed -n 's/a/b/p' f",
    "sed 's/one/two/' f",
    'ls *.ts',
    'ls src/*.ts',
    'ls foo*',
    'ls gx*',
    'ls a/b*/c',
    'echo {a}',
    'echo a.b',
    'ls [a-c].ts',
    'ls x[!a].ts',
    'ls [[:alpha:]].ts',
    'ls []].ts',
    'echo (x)',
    'echo a+b @c !d',
  ],
};

describe('needsParse', () => {
  for (const [group, cmds] of Object.entries(PARSE)) {
    it(`sends ${group} to the parser`, () => {
      expect(cmds.filter((c) => !needsParse(c))).toEqual([]);
    });
  }
  for (const [group, cmds] of Object.entries(NO_PARSE)) {
    it(`lets ${group} through without parsing`, () => {
      expect(cmds.filter((c) => needsParse(c))).toEqual([]);
    });
  }
});

describe('the word checks for unparseable commands', () => {
  it('mentionsGitWord: git as a word, also quoted or escaped; not inside other words or paths', () => {
    const yes = ['git', 'x; git status', '/usr/bin/git status', '"git" status', "g'i't log", 'g\\\nit', 'GIT', 'git-lfs pull'];
    const no = ['.gitignore', 'cat ~/git/x', 'digit', 'legit', 'gitx', 'git.txt', 'echo hi'];
    expect(yes.filter((c) => !mentionsGitWord(c))).toEqual([]);
    expect(no.filter((c) => mentionsGitWord(c))).toEqual([]);
  });

  it('mentionsGuardWord: butler and the word guard, also quoted; not guardian, x.guard, guard/x, my-guard', () => {
    const yes = [
      'butler guard mode off',
      'node .butler/bin/butler.mjs guard allow fetch',
      'BUTLER GUARD',
      "butler 'guard' mode",
      'butler g"u"ard',
    ];
    const no = ['butler status', 'echo guard', 'butler guardian', 'butler x.guard', 'butler guard/x', 'butler my-guard', 'butler guard_x'];
    expect(yes.filter((c) => !mentionsGuardWord(c))).toEqual([]);
    expect(no.filter((c) => mentionsGuardWord(c))).toEqual([]);
  });

  it("quickMentionsGit: git spelled with joins, or any $'…' text", () => {
    expect(["g'i't", 'g-i-t', "$'\\x67it'", 'GiT'].filter((c) => !quickMentionsGit(c))).toEqual([]);
    expect(['echo hi', 'g i t', 'g;it'].filter((c) => quickMentionsGit(c))).toEqual([]);
  });
});
