// Commands the guard denies by rule although bash shows they do not run git here: the text or the
// program could run git and the guard cannot tell (docs: README "Raw git guard"). `rule` is a phrase
// the deny reason must contain, so each exemption is checked, not just claimed.
export interface RuleRow {
  name: string;
  cmd: string;
  rule: string;
}

export const FAIL_CLOSED: RuleRow[] = [
  { name: 'computed name is not known', cmd: '$(echo ls) -la', rule: 'a command name only known at run time' },
  // Output substituted before a / can split into a git call (`$(printf g;printf "it ")x/y`): the idiom goes with it.
  { name: 'a path under a substituted folder', cmd: '$(echo /usr)/bin/true', rule: 'a command name only known at run time' },
  { name: 'bash <(…) without git', cmd: "bash <(echo 'echo hi')", rule: 'commands only known at run time' },
  { name: 'source <(…) without git', cmd: "source <(echo 'X=1')", rule: 'commands only known at run time' },
  { name: 'eval $(…) without git', cmd: 'eval "$(echo true)"', rule: 'commands only known at run time' },
  { name: 'encoded script piped into sh', cmd: 'echo ZWNobyBoaQ== | base64 -d | sh', rule: 'commands only known at run time' },
  { name: 'variable as command name', cmd: 'x=ls; y=$x; $y', rule: 'a command name only known at run time' },
  { name: 'perl printing git', cmd: `perl -e 'print "git push\\n"'`, rule: 'perl code that mentions git' },
  { name: 'python3 printing git', cmd: `python3 -c 'print("git status")'`, rule: 'python code that mentions git' },
  { name: 'node printing git', cmd: `node -e 'console.log("git log")'`, rule: 'node code that mentions git' },
  { name: 'python imports GitPython', cmd: "python3 -c 'import git' 2>/dev/null", rule: 'python code that mentions git' },
  { name: 'sed e without git', cmd: "echo x | sed 's/x/true/e'", rule: 'sed with e' },
  { name: 'gitk (runs git; not installed here)', cmd: 'gitk --all', rule: 'gitk (it runs git)' },
  { name: 'scalar (runs git; not installed here)', cmd: 'scalar list', rule: 'scalar (it runs git)' },
  { name: 'hub (a git wrapper; not installed here)', cmd: 'hub sync', rule: 'hub (a git wrapper)' },
  { name: 'gh pr checkout (not installed here)', cmd: 'gh pr checkout 12', rule: 'gh pr checkout' },
  { name: 'gh repo clone (not installed here)', cmd: 'gh repo clone o/r', rule: 'gh repo clone' },
  { name: 'lint-staged (not installed here)', cmd: 'npx --no-install lint-staged', rule: 'lint-staged' },
  { name: 'pre-commit run (not installed here)', cmd: 'pre-commit run --all-files', rule: 'pre-commit run' },
  { name: 'lerna version (not installed here)', cmd: 'lerna version patch --yes', rule: 'lerna version' },
  { name: 'semantic-release (not installed here)', cmd: 'semantic-release --dry-run', rule: 'semantic-release' },
  { name: 'tmux running git (not installed here)', cmd: "tmux new -d 'git status'", rule: 'work_observe' },
  { name: 'vim -c !git (not installed here)', cmd: "vim -es -c '!git log' -c q", rule: 'work_history' },
  { name: 'ssh ProxyCommand (no host)', cmd: "ssh -o ProxyCommand='git fetch' -o BatchMode=yes nohost.invalid true", rule: 'work_sync' },
  { name: 'less +! running git (no terminal here, so less only prints)', cmd: "less '+!git log' README.md", rule: 'work_history' },
  { name: 'LESSOPEN naming git', cmd: "LESSOPEN='|git show %s' cat a.txt", rule: 'LESSOPEN' },
  { name: 'subshell output piped into sh', cmd: '(echo true) | sh', rule: 'commands only known at run time' },
  { name: 'group output piped into bash', cmd: '{ echo true; } | bash', rule: 'commands only known at run time' },
  { name: 'echo -- piped into sh (bash runs --, not git)', cmd: 'echo -- git push | sh', rule: 'work_publish for git push' },
  { name: 'character class that cannot be g', cmd: '[[:digit:]]it push', rule: 'a glob that can match git' },
  { name: 'extglob group: ls, not git', cmd: 'shopt -s extglob\n@(l|x)s', rule: 'a glob that can match git' },
  { name: 'extglob without shopt (a syntax error in bash)', cmd: '@(g|x)it push', rule: 'a glob that can match git' },
  { name: 'alias after expand_aliases', cmd: 'shopt -s expand_aliases; alias g=git', rule: 'an alias that runs git' },
];
