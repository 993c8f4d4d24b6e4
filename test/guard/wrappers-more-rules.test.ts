// Where the package runners, tracers, sandboxes and inline interpreters of src/guard/wrappers-more.ts
// find the command they run (issue #27). Expected uses written here by hand; the second test runs the
// rows whose tool is installed here in real bash with a logging fake git (bash-oracle.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findGitUses } from '../../src/guard/resolve.js';
import { newContext } from '../../src/guard/types.js';
import { makeOracle, type Oracle } from './bash-oracle.js';

const git = (sub: string) => ({ sub, risky: null, dirs: [], elsewhere: false });
const SCRIPT = { sub: null, via: 'commands only known at run time' };
const GDB = { sub: null, via: 'gdb runs a command that mentions git' };
const ABSENT = 'not installed here';
const NPM_PATH = 'npm puts the folder of node (/usr/bin here) first on PATH: the real git runs, not the logging one';
const ROOT = 'needs privileges or a terminal this test does not have';

type Row = [cmd: string, uses: unknown[], why?: string];
const ROWS: Row[] = [
  // npx / npm exec: -c/--call run a shell string, also after options with an argument
  ["npx -c 'git push'", [git('push')], NPM_PATH],
  ["npx --call 'git log'", [git('log')], NPM_PATH],
  ["npx '--call=git push'", [git('push')], NPM_PATH],
  ["npx --yes -p . -c 'git log'", [git('log')], NPM_PATH],
  ["npx --package . --call 'git push'", [git('push')], NPM_PATH],
  ["npx --yes -c 'git status'", [git('status')], NPM_PATH],
  ['npx -p . git push', [git('push')], NPM_PATH],
  ['npx -- git push', [git('push')], NPM_PATH],
  ['npx --yes git log -c x', [git('log')], NPM_PATH],
  ["npx -y -c 'git status'", [git('status')], NPM_PATH],
  ['npx -q', []],
  ['npx --yes', []],
  ["npm exec -c 'git push'", [git('push')], NPM_PATH],
  ["npm exec -p . -c 'git log'", [git('log')], NPM_PATH],
  ["npm exec '--call=git push'", [git('push')], NPM_PATH],
  ['npm x -- git log', [git('log')], NPM_PATH],
  ['npm test', []],
  // sub-command runners: only their exec/run/dlx word, then options with arguments
  ['pnpm --filter x git push', [], ABSENT],
  ['pnpm exec -C x git push', [git('push')], ABSENT],
  ['pnpm exec', []],
  ['bunx -p x git push', [git('push')], ABSENT],
  ['uvx --from x git push', [git('push')], ABSENT],
  ['uv run -p 3 git push', [git('push')], ABSENT],
  ['uv tool run git push', [], ABSENT],
  ['poetry run -C x git push', [git('push')], ABSENT],
  ['bundle exec --gemfile G git push', [git('push')], ABSENT],
  ['direnv exec / git push', [git('push')], ABSENT],
  ['direnv exec git', [], ABSENT],
  ['mise exec -- git push', [git('push')], ABSENT],
  ['mise x node -- git push', [git('push')], ABSENT],
  ['mise exec node', [], ABSENT],
  ['mise exec', []],
  // nix-shell --run/--command, nix … -c/--command, script -c, with -c ending a group of short options
  ["nix-shell --run 'git push'", [git('push')], ABSENT],
  ["nix-shell --command 'git log'", [git('log')], ABSENT],
  ['nix-shell -p git', [], ABSENT],
  ['nix develop -c git push', [git('push')], ABSENT],
  ['nix develop --command git log', [git('log')], ABSENT],
  ['nix develop -xc git push', [git('push')], ABSENT],
  ['nix develop -cx git push', [], ABSENT],
  ['nix develop x-c git push', [], ABSENT],
  ['nix', []],
  ["script -q -c 'git push' /dev/null", [git('push')]],
  ["script -qc 'git log' /dev/null", [git('log')]],
  ["script -q --command 'git push' /dev/null", [git('push')]],
  ["script -q '--command=git log' /dev/null", [git('log')]],
  ["script -q -cq 'git log' /dev/null", []],
  ["script -q x-c 'git log'", []],
  ['script -q /dev/null', []],
  // dotenv runs what follows `--`
  ['dotenv -- git push', [git('push')], ABSENT],
  ['dotenv git push', [], 'this dotenv is another program'],
  // bwrap: options with 0–3 arguments, `--`
  ['bwrap --bind / / git push', [git('push')], ROOT],
  ['bwrap --overlay a b c git push', [git('push')], ROOT],
  ['bwrap --unshare-all git push', [git('push')], ROOT],
  ['bwrap --chdir / -- git fetch', [git('fetch')], ROOT],
  ['bwrap -- git log', [git('log')], ROOT],
  ['bwrap --bind / / -- --x git push', [], ROOT],
  // awk and friends: a program that runs commands and names git
  ['awk \'BEGIN{system("git push")}\'', [SCRIPT]],
  ['awk -v x=1 \'BEGIN{system("git log")}\'', [SCRIPT]],
  ['awk -F: \'BEGIN{system("git log")}\'', [SCRIPT]],
  ['awk -F : \'BEGIN{system("git log")}\'', [SCRIPT]],
  ['awk -f x.awk \'BEGIN{system("git push")}\'', []],
  ['awk -- \'BEGIN{system("git push")}\'', [SCRIPT]],
  ["awk 'BEGIN{print}' 'system(\"git push\")'", []],
  ['awk \'BEGIN{print "git"}\'', []],
  ['awk \'BEGIN{system("ls")}\'', []],
  ['awk -f x.awk', []],
  // hyperfine: every command and setup string runs in a shell; options with 1–3 arguments
  ["hyperfine 'git status'", [git('status')], ABSENT],
  ["hyperfine -p 'git fetch' ls", [git('fetch')], ABSENT],
  ["hyperfine --warmup 3 'git log'", [git('log')], ABSENT],
  ['hyperfine -w 3 ls', [], ABSENT],
  ["hyperfine -n 'git log' ls", [], ABSENT],
  ["hyperfine '--setup=git fetch' ls", [git('fetch')], ABSENT],
  ["hyperfine -p'git pull' ls", [git('pull')], ABSENT],
  ['hyperfine -N ls', [], ABSENT],
  ['hyperfine --export-markdown git ls', [], ABSENT],
  ["hyperfine -L x a,b 'echo {x}'", [], ABSENT],
  ["hyperfine -P n 1 3 'echo'", [], ABSENT],
  ["hyperfine --export-json x.json 'git log'", [git('log')], ABSENT],
  // gdb: commands with -ex and friends, --args, or the program it loads after its options
  ["gdb -ex 'shell git push'", [git('push')], 'gdb needs a program it can load'],
  ["gdb -iex 'echo git'", [GDB], 'gdb needs a program it can load'],
  ["gdb --eval-command 'echo git'", [GDB], 'gdb needs a program it can load'],
  ["gdb -eval-command 'echo git'", [GDB], 'gdb needs a program it can load'],
  ['gdb -batch -ex run --args git push', [git('push')], 'gdb cannot load the logging git (a script)'],
  ['gdb git', [git('')], 'gdb cannot load the logging git (a script)'],
  ['gdb -x cmds git', [git('')], 'gdb cannot load the logging git (a script)'],
  ['gdb -d /src git', [git('')], 'gdb cannot load the logging git (a script)'],
  ['gdb --directory /src git', [git('')], 'gdb cannot load the logging git (a script)'],
  ['gdb -p 12', []],
  ['gdb --args git push', [git('push')], 'gdb cannot load the logging git (a script)'],
  ["gdb -ex run -ex 'shell git log'", [git('log')], 'gdb needs a program it can load'],
  ['gdb -x cmds', []],
  // sg, runuser, entr, prlimit, trap
  ["sg staff -c 'git push'", [git('push')], ROOT],
  ['sg staff git push', [git('push')], ROOT],
  ['sg staff', []],
  ['sg staff git log --oneline', [git('log')], ROOT],
  ['runuser -u deploy git push', [git('push')], ROOT],
  ['runuser --user deploy -- git log', [git('log')], ROOT],
  ['runuser -g staff -u deploy git push', [git('push')], ROOT],
  ['runuser --group staff --user deploy git push', [git('push')], ROOT],
  ["runuser -l deploy -c 'git push'", [git('push')], ROOT],
  ['runuser deploy', []],
  ['runuser git', [], ROOT],
  ['runuser --supp-group x --whitelist-environment Y -u deploy git push', [git('push')], ROOT],
  ["entr -s 'git status'", [git('status')], ABSENT],
  ['entr -ps git log', [git('log')], ABSENT],
  ['entr -x git log', [git('log')], ABSENT],
  ["entr -n -s 'git log'", [git('log')], ABSENT],
  ["entr -ps sh -c 'git push'", [git('')], ABSENT],
  ['entr -s git log', [git('log')], ABSENT],
  ['prlimit --nofile=100 git push', [git('push')]],
  ['prlimit -p 1 git push', []],
  ['prlimit --pid 1 git push', []],
  ['prlimit --pid=1 git push', []],
  ["trap 'git push' EXIT", [git('push')]],
  ["trap -- 'git push' EXIT", [git('push')]],
  ['trap -p', []],
  ['trap - EXIT', []],
  ["trap '' INT", []],
  ["trap 'git push'", []],
  ["trap -l 'git push' EXIT", []],
];

describe('more wrappers: where the wrapped command is', () => {
  it.each(ROWS)('%j', (cmd, uses) => {
    expect(findGitUses(cmd, newContext())).toEqual(uses);
  });
});

describe('more wrappers: the rows agree with bash', () => {
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
