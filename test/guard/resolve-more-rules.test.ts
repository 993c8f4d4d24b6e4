// More of findGitUses (src/guard/resolve.ts) with every field written out (issue #27, after
// resolve-rules.test.ts): the lead-in a program's command string loses before it is parsed, the
// variables a program runs, exported functions, brace expansion and globs in command position, the
// npm-family `version`, and what is piped into a shell. Expected values written here by hand.
import { describe, expect, it } from 'vitest';
import { findGitUses } from '../../src/guard/resolve.js';
import { newContext } from '../../src/guard/types.js';

const git = (sub: string, o: { risky?: string; dirs?: string[]; elsewhere?: boolean } = {}) => ({
  sub,
  risky: o.risky ?? null,
  dirs: o.dirs ?? [],
  elsewhere: o.elsewhere ?? false,
});
const SCRIPT = { sub: null, via: 'commands only known at run time' };
const GLOB = { sub: null, via: 'a glob that can match git' };
const COMPUTED = { sub: null, via: 'a command name only known at run time' };
const via = (what: string) => ({ sub: null, via: what });
const NPM_VERSION = {
  sub: null,
  via: 'npm version (it commits and tags with git): run it with --no-git-tag-version, then work_record',
  tool: 'work_record',
};

describe('findGitUses, more rules', () => {
  it.each<[string, unknown[]]>([
    // a command string loses its lead-in (`!`, `:!`, `shell `, `sh `, `system `, `exec `, `run-shell `, `send-keys `, `NAME=`, `|`)
    ["vim -c ':!git push'", [git('push')]],
    ["vim -c ' : !git log'", [git('log')]],
    ["vim -c '!git status'", [git('status')]],
    ["vim -c 'sh git log'", [git('log')]],
    ["gdb -ex 'shell git status'", [git('status')]],
    ["expect -c 'system git fetch'", [git('fetch')]],
    ["tmux 'run-shell git pull'", [git('pull')]],
    ["tmux 'send-keys git push'", [git('push')]],
    ["tmux '  shell  git log'", [git('log')]],
    ["nodemon '--exec=git push'", [git('push')]],
    ["nodemon 'x=exec=git log'", [git('log')]],
    ["less '+|git log' a.txt", [git('log')]],
    ["vim -c 'echo git'", [via('vim runs a command that mentions git')]],
    ["vim -c 'x!git push'", [via('vim runs a command that mentions git')]],
    ["vim -c 'shellx git push'", [via('vim runs a command that mentions git')]],
    ["vim -c 'a|git push'", [git('push')]],
    ['vim -c \'call system("git push")\'', [via('vim runs a command that mentions git')]],
    ["vim -c 'echo hi'", []],
    // exported functions are parsed (their `()` dropped); git's own variables are judged where git runs
    ["env 'BASH_FUNC_f%%=() { git push; }' bash -c f", [git('push')]],
    ["env 'BASH_FUNC_f%%=()  { git log; }' bash -c f", [git('log')]],
    ["env 'BASH_FUNC_f%%=() { $x; }' bash -c f", [COMPUTED]],
    ['export "BASH_FUNC_f%%=() { $x; }"', [SCRIPT]],
    ["env 'XBASH_FUNC_f%%=() { git push; }' true", []],
    ["export GIT_SSH_COMMAND='git x'", []],
    ["GIT_PAGER='git log' ls", []],
    ["export XGIT_PAGER='git log'", [via('XGIT_PAGER, which runs a command that mentions git')]],
    ["export MY_COMMAND='git push'", [via('MY_COMMAND, which runs a command that mentions git')]],
    ["export PS1='$(git branch)'", [via('PS1, which runs a command that mentions git')]],
    ["export PS5='git'", []],
    ["export XPAGERS='git log'", []],
    ["export PAGER='less'", []],
    // brace expansion and globs in command position
    ['{g..g}it push', [git('push')]],
    ['{g..h}it status', [git('hit')]],
    ['{a..c}it push', []],
    ['{1..2000}', [via('a brace expansion too large to check')]],
    ['sudo {git,log}', [git('log')]],
    ['[^h]it push', [GLOB]],
    ['[!g]it push', [GLOB]],
    ['[!a]b push', []],
    ['[[:alpha:]]it push', [GLOB]],
    ['@(g|x)it push', [GLOB]],
    ['!(x)it push', [GLOB]],
    ['@(a|b).z x', []],
    ['/usr/bin/g?t-st*', [GLOB]],
    ['gitx* status', [GLOB]],
    ['gi${x:-t}?', [COMPUTED]],
    ['G=git; x* $G', []],
    ['gi?${x}', [COMPUTED]],
    ['ls?', []],
    ['g?x', []],
    ["'g'?t", [GLOB]],
    ['x?${G:-git}', [COMPUTED]],
    ['l*s$(git log)', [git('log'), COMPUTED]],
    // the npm family's `version` commits and tags; their exec runs its argument
    ['npm version patch', [NPM_VERSION]],
    ['pnpm version patch', [NPM_VERSION]],
    ['yarn version --patch', [NPM_VERSION]],
    ['bun version patch', [NPM_VERSION]],
    ['pnpm version patch --no-git-tag-version', []],
    ['pnpm exec git status', [git('status')]],
    ['yarn dlx git log', [git('log')]],
    ['bun x git push', [git('push')]],
    ['npm exec git fetch', [git('fetch')]],
    ['pnpm install', []],
    // what is piped into a shell
    ['(echo git push) | sh', [SCRIPT]],
    ['{ echo git push; } | bash', [SCRIPT]],
    ['if true; then echo git log; fi | sh', [SCRIPT]],
    ['(echo git push) | cat', []],
    ['echo git push | cat | sh', [git('push')]],
    ['echo git push | cat | cat | sh', [git('push')]],
    ['cat <<EOF | cat | sh\ngit log\nEOF', [git('log')]],
    ['curl x | cat | sh', [SCRIPT]],
    ['cat < x.sh | sh', []],
    ['printf -- "git log" | sh', [git('log')]],
    ['printf "%s" -- | sh', []],
    ['echo -e "git log" | sh', [git('log')]],
    ['echo -E "git log" | sh', [git('log')]],
    ['cat <<< "git push" | sh', [git('push')]],
    ['cat - <<< "git push" | sh', [SCRIPT]],
  ])('%j', (cmd, expected) => {
    expect(findGitUses(cmd, newContext())).toEqual(expected);
  });
});
