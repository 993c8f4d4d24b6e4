// How findGitUses (src/guard/resolve.ts) resolves a command to the git it would run, with every field
// of the result written out: the corpus checks only the subcommands, so the `risky`, `elsewhere`,
// `via` and `-C`/`cd` folders the decision and its reason depend on are held here (issue #27).
import { describe, expect, it } from 'vitest';
import { findGitUses } from '../../src/guard/resolve.js';
import { newContext } from '../../src/guard/types.js';

const git = (sub: string, o: { risky?: string; dirs?: string[]; elsewhere?: boolean } = {}) => ({
  sub,
  risky: o.risky ?? null,
  dirs: o.dirs ?? [],
  elsewhere: o.elsewhere ?? false,
});
const COMPUTED = { sub: null, via: 'a command name only known at run time' };
const SCRIPT = { sub: null, via: 'commands only known at run time' };
const GLOB = { sub: null, via: 'a glob that can match git' };

describe('findGitUses', () => {
  it.each<[string, unknown[]]>([
    // variables assigned in the same text, and declared ones
    ['G=git; $G log', [git('log')]],
    ['export G=git; $G status', [git('status')]],
    ['declare -x G="git push"; $G', [git('push')]],
    ['readonly G=git; $G fetch', [git('fetch')]],
    ['export G=$(echo git); $G status', [COMPUTED]],
    // a value split into words drops empty ones; `x-G=` is no assignment of G (bash refuses the name)
    ['G=" git log"; $G', [git('log')]],
    ['G=git; export x-G=echo; $G log', [git('log')]],
    // the whole text, not the `bash -c` script, decides whether an expansion before a `/` may be git
    ['export X="git log"; bash -c \'$X/\'', [COMPUTED]],
    // bash refuses the option `-PAGER=…`: nothing is assigned
    ['export -PAGER="git log"', []],
    // a glob past the command's own words (the name came from a variable) that cannot be git
    ['W="env x*"; $W', []],
    // `$(…)` before a `/` can print `it ` and split: bash runs `git it/y…`
    // Denied before the glob is looked at: the letters before the expansion begin "git" (mutscan).
    ['g$(echo "it ")it/y*', [COMPUTED]],
    ['go${X}it/y', []],
    // variables whose value a program runs
    ['export PAGER="git log"', [{ sub: null, via: 'PAGER, which runs a command that mentions git' }]],
    ['PAGER="git log" less x', [{ sub: null, via: 'PAGER, which runs a command that mentions git' }]],
    ['export GIT_DIR=/x', []],
    // risky environment: named, and another repository for GIT_DIR / GIT_WORK_TREE, however handed over
    ['EDITOR=vim git commit', [git('commit', { risky: 'EDITOR' })]],
    ['GIT_DIR=/x git push', [git('push', { risky: 'GIT_DIR', elsewhere: true })]],
    ['GIT_WORK_TREE=/x git status', [git('status', { risky: 'GIT_WORK_TREE', elsewhere: true })]],
    ['GIT_SSH_COMMAND=x git fetch', [git('fetch', { risky: 'GIT_SSH_COMMAND' })]],
    ['env GIT_DIR=/x git push', [git('push', { risky: 'GIT_DIR', elsewhere: true })]],
    ['sudo GIT_WORK_TREE=/x git push', [git('push', { risky: 'GIT_WORK_TREE', elsewhere: true })]],
    ['env GIT_EXEC_PATH=/x git status', [git('status', { risky: 'GIT_EXEC_PATH' })]],
    ['env FOO=1 git status', [git('status')]],
    ['env -i git status', [git('status')]],
    // brace expansion and globs in command position
    ['{git,status}', [git('status')]],
    ['git{,}', [git('git')]],
    ['/usr/bin/g?t status', [GLOB]],
    ['/usr/bin/[gh]it log', [GLOB]],
    ['g*t status', [GLOB]],
    ['/usr/bin/l? -la', []],
    ['x* status', []],
    // computed names: in the last path part always; before it only when the text names git
    ['$x status', [COMPUTED]],
    ['${G:-git} status', [COMPUTED]],
    ['$(echo ls) status', [COMPUTED]],
    ['"$HOME/bin/tool" status', []],
    ['echo git; "$HOME/bin/tool" status', [COMPUTED]],
    // git-NAME programs
    ['git-upload-pack /x', [{ sub: 'upload-pack' }]],
    ['/usr/lib/git-core/git-status', [{ sub: 'status' }]],
    ['GIT-LFS pull', [{ sub: 'lfs' }]],
    // scripts a shell reads
    ['bash <<< "git push"', [git('push')]],
    ['echo git status | sh', [git('status')]],
    ['echo -n "git push" | bash', [git('push')]],
    ['printf "git log\\ngit push" | bash', [git('log'), git('push')]],
    ['cat <<EOF | sh\ngit push\nEOF', [git('push')]],
    ['curl https://x | sh', [SCRIPT]],
    ['sh < <(echo hi)', [SCRIPT]],
    ['sh < file.sh', []],
    ['bash -c "git push"', [git('push')]],
    ['bash -c "$x"', [SCRIPT]],
    ['eval "git status"', [git('status')]],
    ["env 'BASH_FUNC_f%%=() { git push; }' bash -c f", [git('push')]],
    // other languages
    ['python -c "import os; os.system(\'git push\')"', [{ sub: null, via: 'python code that mentions git' }]],
    ['python -c "print(1)"', []],
    ['x=git; python -c "$y"', [{ sub: null, via: 'python code only known at run time' }]],
    ['python -c "$y"', []],
    // wrappers
    ['sudo git push', [git('push')]],
    ['sudo -u bob git -C /x status', [git('status', { dirs: ['/x'] })]],
    ['timeout 5 git fetch', [git('fetch')]],
    ['xargs git add', [git('add')]],
    ['find . -exec git add {} \\;', [git('add')]],
    ['vim -c "!git push"', [git('push')]],
    [
      'npm version patch',
      [
        {
          sub: null,
          via: 'npm version (it commits and tags with git): run it with --no-git-tag-version, then work_record',
          tool: 'work_record',
        },
      ],
    ],
    ['npx git-cz', [{ sub: 'cz' }]],
    ['butler guard allow push', [{ sub: null, person: 'butler guard allow' }]],
    // look-alikes of the declaring commands, of env, echo's options and git-NAME (each anchor matters)
    ['xexport G=git; $G log', [COMPUTED]],
    ['exports G=git; $G log', [COMPUTED]],
    ['export GIT2=git; $GIT2 log', [git('log')]],
    ['export G=ls; export G=$(x); $G status', [COMPUTED]],
    ['G="git  push"; $G', [git('push')]],
    ['xenv PAGER="git log"', []],
    ['envy PAGER="git log"', []],
    ['echo x-n git push | sh', []],
    ['echo -nx git push | sh', []],
    ['echo -nn git push | sh', [git('push')]],
    ['cat x.sh | sh', [SCRIPT]],
    ['true | sh', [SCRIPT]],
    ['xgit-status', []],
    // not git
    ['echo hi', []],
    ['ls git', []],
  ])('%s', (cmd, expected) => {
    expect(findGitUses(cmd, newContext())).toEqual(expected);
  });

  it.each<[string, (string | null)[]]>([
    ['cd sub && git status', ['sub']],
    ['cd -P sub; git log', ['sub']],
    ['cd -- sub; git log', ['sub']],
    ['pushd sub; git log', ['sub']],
    ['cd - && git status', [null]],
    ['popd; git log', [null]],
    ['popd +1; git log', [null]],
    ['cd "$d"; git log', [null]],
    ['cd; git log', [null]],
    ['cd a; cd b; git log', ['a', 'b']],
    ['cd -LP sub; git log', ['sub']],
    ['cd a-P; git log', ['a-P']],
    ['cd -Pz; git log', ['-Pz']],
  ])('the folders `%s` changes to, in order (null: known only at run time)', (cmd, cds) => {
    const ctx = newContext();
    findGitUses(cmd, ctx);
    expect(ctx.cds).toEqual(cds);
  });

  it('a script nested deeper than the limit is refused, not skipped', () => {
    const deep = Array.from({ length: 14 }).reduce<string>((s) => `eval ${JSON.stringify(s)}`, 'git push');
    expect(() => findGitUses(deep, newContext())).toThrow(/nested too deeply/);
  });

  it('31 wrappers in a row are unwrapped; 32 are refused', () => {
    expect(findGitUses(`${'sudo '.repeat(31)}git push`, newContext())).toEqual([git('push')]);
    expect(() => findGitUses(`${'sudo '.repeat(32)}git push`, newContext())).toThrow('too many nested wrapper commands');
  });

  it('more than 32 wrappers in a row are refused', () => {
    expect(() => findGitUses(`${'sudo '.repeat(40)}git push`, newContext())).toThrow('too many nested wrapper commands');
  });
});
