// Where each wrapper of src/guard/wrappers.ts finds the command it runs (issue #27): options with and
// without an argument, `--`, NAME=VALUE words, the shells' `-c`/stdin/file operands and positional
// parameters, find's -exec lists, xargs' replace strings. Expected uses written here by hand; the
// second test runs every row in real bash with a logging fake git (bash-oracle.ts) and checks that git
// runs exactly where a row says so, except the rows whose `why` says bash cannot show it here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findGitUses } from '../../src/guard/resolve.js';
import { newContext } from '../../src/guard/types.js';
import { makeOracle, type Oracle } from './bash-oracle.js';

const git = (sub: string) => ({ sub, risky: null, dirs: [], elsewhere: false });
const COMPUTED = { sub: null, via: 'a command name only known at run time' };
const SCRIPT = { sub: null, via: 'commands only known at run time' };
const NO_SUDO = 'sudo is not installed here';
const NO_FISH = 'fish is not installed here';
const TTY = 'needs a terminal';
const OTHER_PID = 'reads another process’s descriptor';

type Row = [cmd: string, uses: unknown[], why?: string];
const ROWS: Row[] = [
  // options of the simple wrappers: an argument attached, next, or none; NAME=VALUE only where allowed
  ['nice - git push', []],
  ['nice FOO=1 git push', []],
  ['nice -5 git push', [git('push')]],
  ['nice -n 5 git log', [git('log')]],
  ['nice --adjustment 5 git log', [git('log')]],
  ['timeout -s 9 5 git push', [git('push')]],
  ['timeout -s9 5 git push', [git('push')]],
  ['timeout --signal 9 5 git push', [git('push')]],
  ['timeout --signal=9 5 git push', [git('push')]],
  ['timeout --kill-after 1 5 git push', [git('push')]],
  ['stdbuf -o 0 git push', [git('push')]],
  ['stdbuf --output 0 git push', [git('push')]],
  ['ionice --class 3 git push', [git('push')]],
  ['exec -a x git push', [git('push')]],
  ['command git push', [git('push')]],
  ['command -v git', []],
  ['command -V git', []],
  ['command -pv git', []],
  ['taskset 3 git push', [git('push')]],
  ['sudo FOO=1 git push', [git('push')], NO_SUDO],
  ['sudo -- FOO=1 git push', [git('push')], NO_SUDO],
  ['sudo ./x=1 git push', [git('push')], NO_SUDO],
  ['sudo -v git push', []],
  // env: its options, -S, --, NAME=VALUE
  ['env -- FOO=1 git status', [git('status')]],
  ['env -- ./a=b git status', [git('status')]],
  ['env -- -x=1 git status', [git('status')]],
  ['env -- -C / git status', []],
  ['env ./a=b git push', [git('push')]],
  ['env -x=1 git push', [git('push')], 'env refuses the option -x'],
  ['env - git push', [git('push')], 'no PATH: the real git runs, not the logging one'],
  ['env -v git push', [git('push')]],
  ['env --ignore-environment FOO=1 git push', [git('push')], 'no PATH: the real git runs, not the logging one'],
  ['env -S git status', [git('status')]],
  ['env -Sgit log', [git('log')]],
  ["env '-Sgit push' -v", [git('push')]],
  ['env --split-string git status', [git('status')]],
  ["env --split-string 'git log'", [git('log')]],
  ["env '--split-string=git' push", [git('push')]],
  ["env '--split-string=git log' x", [git('log')]],
  ['env -C / git status', [git('status')], 'the fake git is not reached from / through PATH'],
  ['env -P /usr/bin git status', [git('status')], 'the real git is in /usr/bin'],
  ['env --unset X git log', [git('log')]],
  ['env -u X git log', [git('log')]],
  ['env --chdir /tmp git log', [git('log')]],
  // shells: -c with options before it, `--`/`-`, stdin, a descriptor, a file
  ["bash -- -c 'git push'", []],
  ["bash - -c 'git push'", []],
  ['bash - <<< "git push"', [git('push')]],
  ['bash -- <<< "git push"', [git('push')]],
  ["bash + -c 'git log'", [git('log')]],
  ["bash +x -c 'git log'", [git('log')]],
  ['bash --posix x.sh <<< "git push"', []],
  ['bash -x x.sh <<< "git push"', []],
  ["bash --rcfile /dev/null -c 'git push'", [git('push')]],
  ["bash --init-file /dev/null -c 'git log'", [git('log')]],
  ["bash --norc -c 'git fetch'", [git('fetch')]],
  ["bash -o posix -c 'git push'", [git('push')]],
  ["bash -O extglob -c 'git push'", [git('push')]],
  ["bash +o posix -c 'git log'", [git('log')]],
  ["fish --command 'git push'", [git('push')], NO_FISH],
  ["fish --command='git log'", [git('log')], NO_FISH],
  ['bash -c', []],
  ['bash -s <<< "git push"', [git('push')]],
  ['bash -s x <<< "git push"', [git('push')]],
  ['bash -x <<< "git push"', [git('push')]],
  ['bash x.sh <<< "git push"', []],
  ['bash /dev/stdin <<< "git push"', [git('push')]],
  ['bash /dev/fd/3 3<<< "git push"', [git('push')]],
  ['bash /dev/fd/10 10<<< "git log"', [git('log')]],
  ['bash /proc/self/fd/0 <<< "git push"', [git('push')]],
  ['bash /proc/self/fd/10 10<<< "git push"', [git('push')]],
  ['bash /proc/12/fd/0 <<< "git push"', [git('push')], OTHER_PID],
  ['bash /dev/fd/x <<< "git push"', []],
  ['bash /proc/x/fd/0 <<< "git push"', []],
  ['bash /proc/self/fd/x <<< "git push"', []],
  ['bash x/dev/stdin <<< "git push"', []],
  ['bash /dev/stdinx <<< "git push"', []],
  ['bash <(echo git log)', [SCRIPT]],
  // the words after a -c script are its $0, $1…
  ["bash -c '$0 push' git", [git('push')]],
  ["bash -c '${0} log' git", [git('log')]],
  ['bash -c \'"$1" push\' x git', [git('push')]],
  ["bash -c '$1 log' x", [COMPUTED], 'stricter: $1 is unset, so bash runs `log`'],
  ['bash -c \'"$@" push\'', [COMPUTED], 'stricter: "$@" is empty, so bash runs `push`'],
  ["bash -c '$0 log' $(echo git)", [COMPUTED]],
  ["bash -c '$@' x git push", [git('push')]],
  ['bash -c \'"$@"\' x git log', [git('log')]],
  ["bash -c '${@}' x git push", [git('push')]],
  ["bash -c '${*}' x git status", [git('status')]],
  ["bash -c '$*' x $(echo git) push", [COMPUTED]],
  ["bash -c 'git log $0' \"it's\"", [git('log')]],
  ["bash -c 'echo $0' \"a'b\"", []],
  // source / .
  ['source /dev/stdin <<< "git push"', [git('push')]],
  ['. /dev/fd/3 3<<< "git log"', [git('log')]],
  ['source /dev/fd/10 10<<< "git log"', [git('log')]],
  ['source /proc/self/fd/0 <<< "git push"', [git('push')]],
  ['source /proc/12/fd/0 <<< "git push"', [git('push')], OTHER_PID],
  ['source /proc/self/fd/x <<< "git push"', []],
  ['source x/dev/stdin <<< "git push"', []],
  ['source /dev/fd/x <<< "git push"', []],
  ['source /dev/stdinx <<< "git push"', []],
  ['source /proc/self/fd/10 10<<< "git log"', [git('log')]],
  ['source <(echo git push)', [SCRIPT]],
  // find: each -exec/-execdir/-ok/-okdir list, ended by ; or +, or by the end
  ['find . -maxdepth 0 -ok git push \\;', [git('push')], '-ok asks on the terminal'],
  ['find . -maxdepth 0 -okdir git push \\;', [git('push')], '-okdir asks on the terminal'],
  ['find . -maxdepth 0 -exec git log {} + -exec git push \\;', [git('log'), git('push')]],
  ['find . -maxdepth 0 -exec git status', [git('status')], 'find refuses an -exec without ; or +'],
  ['find . -maxdepth 0 -exec echo \\; git push', []],
  ['find . -maxdepth 0 -exec {} status \\;', [COMPUTED], 'stricter: the found path here is `.`'],
  // watch: -x runs the words as they are, else `sh -c` of them joined
  ['watch --interval 1 git status', [git('status')], TTY],
  ["watch -x sh -c 'git log'", [git('log')], TTY],
  ["watch --exec sh -c 'git push'", [git('push')], TTY],
  ["watch -tx sh -c 'git push'", [git('push')], TTY],
  ["watch -n 1 -x sh -c 'git fetch'", [git('fetch')], TTY],
  ["watch --chgexit sh -c 'git push'", [git('')], TTY],
  ['watch --equexit 2 git log', [git('log')], TTY],
  ["watch sh -xc 'git push'", [git('')], TTY],
  // su, flock
  ["su -c 'git push' deploy", [git('push')], 'no user deploy'],
  ["su --command 'git log'", [git('log')], 'su asks for a password'],
  ["su --command='git push' deploy", [git('push')], 'no user deploy'],
  ['su deploy', []],
  ['flock -w 5 /tmp/butler-wr.lock git push', [git('push')]],
  ['flock -w5 /tmp/butler-wr.lock git push', [git('push')]],
  ['flock -E 3 /tmp/butler-wr.lock git log', [git('log')]],
  ['flock --timeout 5 /tmp/butler-wr.lock git fetch', [git('fetch')]],
  ['flock --conflict-exit-code 3 /tmp/butler-wr.lock git push', [git('push')]],
  ["flock /tmp/butler-wr.lock --command 'git pull'", [git('pull')]],
  ["flock -x /tmp/butler-wr.lock -c 'git log'", [git('log')]],
  // xargs: options with arguments, replace strings, no command (echo)
  ['true | xargs', []],
  ['true | xargs -0', []],
  ['echo a | xargs --arg-file a.txt git log', [git('log')]],
  ['echo a | xargs --delimiter x git log', [git('log')]],
  ['echo a | xargs --max-args 1 git push', [git('push')]],
  ['echo a | xargs --max-procs 2 git push', [git('push')]],
  ['echo a | xargs --max-chars 90 git push', [git('push')]],
  ['echo a | xargs --process-slot-var V git push', [git('push')]],
  ['echo a | xargs -i git status', [git('status')]],
  ['echo a | xargs --replace git log', [git('log')]],
  ['echo push | xargs -iR git R', [{ ...git(''), sub: null }]],
  ['echo push | xargs --replace=R git R', [{ ...git(''), sub: null }]],
  ['echo push | xargs -I R git R', [{ ...git(''), sub: null }]],
  ['echo git | xargs -I R R log', [COMPUTED], 'xargs does not replace in the command name'],
  ['echo git | xargs -IR R log', [COMPUTED], 'xargs does not replace in the command name'],
  ['echo a | xargs -I "" git log', [git('log')], 'GNU xargs refuses an empty replace string'],
  ['echo a | xargs -d x -I R echo R', []],
  ['echo a | xargs -dg git push', [git('push')]],
  ['echo a | xargs {} log', []],
  ['echo push | xargs --replace git {}', [{ ...git(''), sub: null }]],
  ['echo push | xargs -i git {}', [{ ...git(''), sub: null }]],
  // sudo: a shell without a command reads stdin
  ['sudo -s <<< "git push"', [git('push')], NO_SUDO],
  ['sudo -i <<< "git push"', [git('push')], NO_SUDO],
  ['sudo --shell <<< "git log"', [git('log')], NO_SUDO],
  ['sudo --login <<< "git log"', [git('log')], NO_SUDO],
  ['sudo -u root -s <<< "git push"', [git('push')], NO_SUDO],
  ['sudo -Hs <<< "git log"', [git('log')], NO_SUDO],
  ['sudo --preserve-env <<< "git push"', []],
  ['sudo -E <<< "git push"', []],
  ['sudo -u root <<< "git push"', []],
  ['sudo -l <<< "git push"', []],
  ['env -i sudo <<< "git push"', []],
  ['sudo -s git push', [git('push')], NO_SUDO],
  // eval joins its words
  ['eval git push', [git('push')]],
  ['eval "git log" "&&" true', [git('log')]],
];

describe('wrappers: where the wrapped command is', () => {
  it.each(ROWS)('%j', (cmd, uses) => {
    expect(findGitUses(cmd, newContext())).toEqual(uses);
  });
});

describe('wrappers: the rows agree with bash', () => {
  let oracle: Oracle;
  beforeAll(async () => {
    oracle = await makeOracle();
  });
  afterAll(() => oracle.close());

  it('runs git exactly where a row has a use, except the rows bash cannot show here', async () => {
    const wrong: string[] = [];
    for (const [cmd, uses, why] of ROWS) {
      if (why) continue;
      const { ran } = await oracle.runsGit(cmd);
      if (ran !== uses.length > 0) wrong.push(`${cmd}: ${ran ? 'bash ran git' : 'bash did not run git'}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
