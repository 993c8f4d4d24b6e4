// Programs that run a string or code of their own (tmux, vim -c, gdb -ex, ssh -o ProxyCommand, tar
// --to-command, sed's e, interpreters), programs that run git themselves (npm version, hub, scalar,
// gh pr checkout…), and ways to put git under another name (a copy or link, hash -p, alias).
// Same contract as wrappers.ts: each handler says what the command runs.
import { mentionsGitWord } from './quick.js';
import { DYN } from './types.js';
import type { Step } from './wrapper-spec.js';

type Handler = (argv: string[], i: number) => Step;

const GIT_WORD = /(?<![\w.-])git(?![\w./])/i;

/** Text that names git (a word, or a spelling with quotes/escapes inside). */
export const namesGit = (s: string): boolean => mentionsGitWord(s.replaceAll(DYN, ' '));

/** Every argument may be a command string (tmux, screen, vim -c, emacs --eval, gdb -ex, expect). */
const allStrings =
  (what: string): Handler =>
  (argv, i) => ({ strings: argv.slice(i + 1), what });

/** Only the values of some options are command strings (ssh -o ProxyCommand=…, tar --to-command=…, rsync -e). */
function optionStrings(what: string, opts: RegExp, withNext: string[]): Handler {
  return (argv, i) => {
    const out: string[] = [];
    for (let j = i + 1; j < argv.length; j++) {
      const a = argv[j] ?? '';
      const joined = a === '-o' ? `-o${argv[j + 1] ?? ''}` : a;
      if (withNext.includes(a)) out.push(argv[++j] ?? '');
      else if (opts.test(joined)) {
        out.push(joined.replace(opts, ''));
        if (joined !== a) j++;
      }
    }
    return out.length > 0 ? { strings: out, what } : null;
  };
}

/** sed's `e` command and the `s///e` flag run text as a command: its input, known only at run time. */
function sed(argv: string[], i: number): Step {
  const exprs: string[] = [];
  for (let j = i + 1; j < argv.length; j++) {
    const a = argv[j] ?? '';
    if (a === '-e' || a === '--expression') exprs.push(argv[++j] ?? '');
    else if (a.startsWith('--expression=')) exprs.push(a.slice(13));
    else if (!a.startsWith('-') && exprs.length === 0) {
      exprs.push(a);
      break;
    }
  }
  const e = /s([^\w\s\\])(?:\\.|(?!\1)[^])*\1(?:\\.|(?!\1)[^])*\1[gpIiMmw0-9]*e|(?:^|[;\n{}])\s*[0-9,$/!]*e(?:\s|;|$)/;
  return exprs.some((x) => e.test(x)) ? { deny: 'sed with e (it runs text as a command)' } : null;
}

/** Interpreter code: `-e CODE`, `-c CODE`…, or read from stdin (`-`, no script file). */
function interpreter(flags: string[], lang: string): Handler {
  return (argv, i) => {
    const code: string[] = [];
    let operand: string | null = null;
    for (let j = i + 1; j < argv.length; j++) {
      const a = argv[j] ?? '';
      if (flags.includes(a)) code.push(argv[++j] ?? '');
      else if (flags.some((f) => f.length === 2 && a.startsWith(f) && !a.startsWith('--'))) code.push(a.slice(2));
      else if (a === '-' || !a.startsWith('-')) {
        operand = a;
        break;
      } else if (a === '-m' || a === '-r' || a === '--require' || a === '-I') j++;
    }
    if (code.length > 0) return { code, lang };
    return operand === null || operand === '-' ? { code: null, lang } : null;
  };
}

/** `npm version` commits and tags (unless told not to); `gh pr checkout` and friends run git. */
function sub(subs: Record<string, string>, unless: RegExp | null = null, tool?: string): Handler {
  return (argv, i) => {
    const words = argv.slice(i + 1).filter((a) => !a.startsWith('-'));
    const key = Object.keys(subs).find((k) => k.split(' ').every((w, n) => words[n] === w));
    if (key === undefined || argv.slice(i + 1).some((a) => unless?.test(a))) return null;
    return { deny: subs[key] ?? key, tool };
  };
}
const always =
  (what: string): Handler =>
  (argv, i) =>
    argv.slice(i + 1).every((a) => /^(-h|--help|-v|-V|--version)$/.test(a)) && argv.length > i + 1 ? null : { deny: what };

/** `cp /usr/bin/git x`, `ln -s "$(which git)" x`: git under another name. */
function copies(argv: string[], i: number): Step {
  const ops = argv.slice(i + 1).filter((a) => !a.startsWith('-'));
  const sources = ops.slice(0, -1);
  const isGit = (s: string) => /^git(-[a-z0-9-]+)?$/i.test(s.slice(s.lastIndexOf('/') + 1)) || (s.includes(DYN) && namesGit(s));
  if (sources.some(isGit)) return { deny: 'git copied or linked under another name' };
  return sources.some((s) => s.includes(DYN)) ? { deny: 'a copy or link of a program only known at run time', onlyIf: GIT_WORD } : null;
}

function hash(argv: string[], i: number): Step {
  const k = argv.indexOf('-p', i + 1);
  const p = k < 0 ? '' : (argv[k + 1] ?? '');
  return k >= 0 && (/(^|\/)git(-[\w-]+)?$/i.test(p) || p.includes(DYN)) ? { deny: 'hash -p (it gives git another name)' } : null;
}
function alias(argv: string[], i: number): Step {
  // Aliases expand in a script only after `shopt -s expand_aliases`.
  return argv.slice(i + 1).some((a) => /^[^=]+=/.test(a) && namesGit(a.replace(/^[^=]+=/, '')))
    ? { deny: 'an alias that runs git', onlyIf: /expand_aliases/ }
    : null;
}

const version = sub(
  { version: 'npm version (it commits and tags with git): run it with --no-git-tag-version, then work_record' },
  /^--no-git-tag-version$|^--git-tag-version=false$/,
  'work_record',
);

export const RUNNERS: Record<string, Handler> = {
  tmux: allStrings('tmux runs a command that mentions git'),
  screen: allStrings('screen runs a command that mentions git'),
  byobu: allStrings('byobu runs a command that mentions git'),
  zellij: allStrings('zellij runs a command that mentions git'),
  dtach: allStrings('dtach runs a command that mentions git'),
  vim: allStrings('vim runs a command that mentions git'),
  vi: allStrings('vi runs a command that mentions git'),
  nvim: allStrings('nvim runs a command that mentions git'),
  view: allStrings('vim runs a command that mentions git'),
  ex: allStrings('ex runs a command that mentions git'),
  emacs: allStrings('emacs runs code that mentions git'),
  gdb: allStrings('gdb runs a command that mentions git'),
  lldb: allStrings('lldb runs a command that mentions git'),
  expect: allStrings('expect runs a command that mentions git'),
  parallel: allStrings('parallel runs a command that mentions git'),
  at: allStrings('at runs a command that mentions git'),
  batch: allStrings('batch runs a command that mentions git'),
  'systemd-run': allStrings('systemd-run runs a command that mentions git'),
  watchexec: allStrings('watchexec runs a command that mentions git'),
  nodemon: allStrings('nodemon runs a command that mentions git'),
  socat: allStrings('socat runs a command that mentions git'),
  ssh: optionStrings('an ssh option that runs a command mentioning git', /^-o\s*\w*Command[= ]/i, []),
  scp: optionStrings('an scp option that runs a command mentioning git', /^-o\s*\w*Command[= ]|^-S/i, ['-S']),
  sftp: optionStrings('an sftp option that runs a command mentioning git', /^-o\s*\w*Command[= ]|^-S/i, ['-S']),
  rsync: optionStrings('an rsync option that runs a command mentioning git', /^(-e|--rsh=|--rsync-path=)/, ['-e', '--rsh', '--rsync-path']),
  // less runs a `+` argument as its own commands at start; `!` in them runs a shell command.
  less: optionStrings('a less +command that mentions git', /^\+/, []),
  tar: optionStrings(
    'a tar option that runs a command mentioning git',
    /^(--checkpoint-action=(exec=)?|--to-command=|--use-compress-program=|--info-script=|--new-volume-script=|--rsh-command=|-I|-F)/,
    ['-I', '-F', '--to-command', '--use-compress-program', '--info-script', '--new-volume-script', '--rsh-command'],
  ),
  sed,
  gsed: sed,
  perl: interpreter(['-e', '-E'], 'perl'),
  ruby: interpreter(['-e'], 'ruby'),
  python: interpreter(['-c'], 'python'),
  python3: interpreter(['-c'], 'python'),
  python2: interpreter(['-c'], 'python'),
  node: interpreter(['-e', '--eval', '-p', '--print'], 'node'),
  nodejs: interpreter(['-e', '--eval', '-p', '--print'], 'node'),
  deno: (argv, i) => (argv[i + 1] === 'eval' ? { code: argv.slice(i + 2), lang: 'deno' } : null),
  php: interpreter(['-r'], 'php'),
  lua: interpreter(['-e'], 'lua'),
  luajit: interpreter(['-e'], 'lua'),
  Rscript: interpreter(['-e'], 'R'),
  julia: interpreter(['-e', '--eval'], 'julia'),
  osascript: interpreter(['-e'], 'AppleScript'),
  tclsh: interpreter([], 'tcl'),
  pwsh: interpreter(['-c', '-Command', '-command'], 'PowerShell'),
  cp: copies,
  ln: copies,
  install: copies,
  hash,
  alias,
  scalar: always('scalar (it runs git)'),
  hub: always('hub (a git wrapper)'),
  gitk: always('gitk (it runs git)'),
  tig: always('tig (it runs git)'),
  lazygit: always('lazygit (it runs git)'),
  gh: sub({
    'repo clone': 'gh repo clone (it runs git clone)',
    'repo fork': 'gh repo fork (it can run git clone and git remote)',
    'repo sync': 'gh repo sync (it runs git)',
    'pr checkout': 'gh pr checkout (it runs git fetch and git checkout)',
    'pr merge': 'gh pr merge (it runs git to update the local branch)',
    co: 'gh co (it runs git)',
  }),
  'lint-staged': always('lint-staged (it runs git stash and git add)'),
  husky: always('husky (it runs git config)'),
  'pre-commit': sub({
    install: 'pre-commit install (it changes git hooks)',
    run: 'pre-commit run (it runs git)',
    uninstall: 'pre-commit uninstall (it changes git hooks)',
  }),
  lerna: sub({
    version: 'lerna version (it commits, tags and pushes with git)',
    publish: 'lerna publish (it commits, tags and pushes with git)',
  }),
  'release-it': always('release-it (it commits, tags and pushes with git)'),
  'semantic-release': always('semantic-release (it tags and pushes with git)'),
  'standard-version': always('standard-version (it commits and tags with git)'),
  changeset: sub({ tag: 'changeset tag (it runs git tag)', publish: 'changeset publish (it runs git tag)' }),
  cz: always('commitizen (it runs git commit)'),
};

/** npm/yarn/pnpm `version`. */
export const VERSION = version;
