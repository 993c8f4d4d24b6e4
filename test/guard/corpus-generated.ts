// Issue #26 corpus: every spelling below is combined with 16 git subcommands (640 rows). Each row runs
// git in real bash (corpus-bash.test.ts, with the logging fake git), and each must be denied by the
// installed hooks of both clients (test/hooks/guard-installed.test.ts). `tool`: the plain spellings must
// keep the mapping to the Butler tool (an env prefix, wrapper or path spelling does not lose it).
import { BUTLER_TOOL } from '../../src/guard/git.js';

export interface GenRow {
  name: string;
  cmd: string;
  /** The Butler tool the deny reason must name, when the spelling keeps the subcommand visible. */
  tool: string | null;
}

export const SUBS = [
  'status',
  'log',
  'diff',
  'show',
  'add',
  'commit',
  'push',
  'fetch',
  'pull',
  'stash',
  'checkout',
  'reset',
  'rebase',
  'branch',
  'tag',
  'merge',
];

/** `mapped`: the deny reason names the tool for S. `{S}` is the subcommand; `N` a unique suffix. */
const FORMS: { form: string; mapped: boolean }[] = [
  { form: 'git {S}', mapped: true },
  { form: 'GIT_PAGER=cat git {S}', mapped: true },
  { form: 'PAGER=cat LANG=C git {S}', mapped: true },
  { form: 'env git {S}', mapped: true },
  { form: 'env -i PATH="$PATH" GIT_LOG="$GIT_LOG" git {S}', mapped: true },
  { form: 'env -u HOME git {S}', mapped: true },
  { form: '/usr/bin/git {S}', mapped: true },
  { form: 'git -c x.y=z {S}', mapped: true },
  { form: 'git --no-pager {S}', mapped: true },
  { form: 'git -C . {S}', mapped: true },
  { form: 'command git {S}', mapped: true },
  { form: 'time git {S}', mapped: true },
  { form: 'nice -n 5 git {S}', mapped: true },
  { form: 'timeout 5 git {S}', mapped: true },
  { form: 'cd . && git {S}', mapped: true },
  { form: 'true && git {S} | cat', mapped: true },
  { form: "bash -c 'git {S}'", mapped: true },
  { form: 'sh -c "exec git {S}"', mapped: true },
  { form: "eval 'git {S}'", mapped: true },
  { form: 'echo "$(git {S})"', mapped: true },
  { form: 'bash <<< "git {S}"', mapped: true },
  { form: "bash /dev/fd/3 3<<<'git {S}'", mapped: true },
  { form: "g''it {S}", mapped: true },
  { form: 'g\\it {S}', mapped: true },
  { form: "$'\\x67it' {S}", mapped: true },
  { form: 'g${x}it {S}', mapped: false },
  { form: 'g$(true)it {S}', mapped: false },
  { form: '/usr/bin/g?t {S}', mapped: false },
  { form: '/usr/bin/gi[t] {S}', mapped: false },
  { form: 'read x <<< git; $x {S}', mapped: false },
  { form: 'set -- git {S}; "$@"', mapped: false },
  { form: 'printf -v x %s git; $x {S}', mapped: false },
  { form: "$(printf '\\147\\151\\164') {S}", mapped: false },
  { form: 'bash < <(echo git {S})', mapped: false },
  { form: 'echo git {S} | xargs env', mapped: false },
  { form: 'ln -s "$(command -v git)" ./lnN && ./lnN {S}', mapped: false },
  { form: `perl -e 'exec "git", "{S}"'`, mapped: false },
  { form: `python3 -c 'import os; os.system("git {S}")'`, mapped: false },
  { form: `node -e 'require("child_process").execSync("git {S}")'`, mapped: false },
  { form: "echo x | sed 's/.*/git {S}/e'", mapped: false },
];

export const GENERATED: GenRow[] = FORMS.flatMap(({ form, mapped }, f) =>
  SUBS.map((s, k) => {
    const cmd = form.replaceAll('{S}', s).replaceAll('lnN', `ln${f}_${k}`);
    return { name: `${form} [${s}]`, cmd, tool: mapped ? (BUTLER_TOOL[s] ?? null) : null };
  }),
);
