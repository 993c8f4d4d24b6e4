// More commands that run another command: package runners (`npx`, `uv run`, `bundle exec`…),
// tracers and sandboxes (`strace`, `bwrap`, `nsenter`…), and interpreters whose inline program
// runs commands (`awk 'BEGIN{system(…)}'`). Same contract as wrappers.ts.
import { mentionsGitWord, quickMentionsGit } from './quick.js';
import { DYN } from './types.js';
import { type Spec, type Step, simple, skip } from './wrapper-spec.js';
import { su } from './wrappers.js';

/** A list of option names written as one line of words (keeps these long tables readable). */
const ws = (names: string): string[] => names.split(' ');

type Handler = (argv: string[], i: number) => Step;

/** `tool SUB [options] COMMAND…` (`npm exec`, `poetry run`): the command after the options. */
function sub(names: string[], spec: Spec, lead = 0): Handler {
  return (argv, i) => {
    // Stryker disable next-line StringLiteral: no word is no sub-command, whatever stands in for it
    const s = argv[i + 1] ?? '';
    if (!names.includes(s)) return null;
    const at = skip(argv, i + 1, spec);
    // Stryker disable next-line ConditionalExpression: no query option, so skip never returns null here
    return at === null ? null : { at: at + lead };
  };
}

/** `npx [-p pkg] [-c 'string'] command…`, `npm exec -c '…'`: `-c` runs a shell string. */
function withCall(spec: Spec): Handler {
  return (argv, i) => {
    // Stryker disable next-line StringLiteral: past the end the word is no option either way
    for (let j = i + 1; (argv[j] ?? '').startsWith('-'); j++) {
      // Stryker disable next-line StringLiteral: j is below the length
      const a = argv[j] ?? '';
      // Stryker disable next-line StringLiteral: `-c` without a string: no script, whatever stands in for it names no git
      if (a === '-c' || a === '--call') return { scripts: [argv[j + 1] ?? ''] };
      if (a.startsWith('--call=')) return { scripts: [a.slice(7)] };
      // `npx -p pkg -c '…'` (npm's own example): an option's argument is not where the options end.
      // Stryker disable next-line OptionalChaining,StringLiteral: NPX has both lists; a two-letter option has a second letter
      if (spec.long?.includes(a) || (a.length === 2 && spec.withArg?.includes(a[1] ?? ''))) j++;
    }
    const at = skip(argv, i, spec);
    // Stryker disable next-line ConditionalExpression: no query option, so skip never returns null here
    return at === null ? null : { at };
  };
}

const NPX: Spec = { withArg: 'p', long: ws('--package --prefix --workspace --userconfig --cache --registry') };

/** The index after `--` if present, else null. */
const afterDashes = (argv: string[], i: number): number | null => {
  const k = argv.indexOf('--', i + 1);
  // Stryker disable next-line EqualityOperator: the search starts past i, so k is never 0
  return k < 0 ? null : k + 1;
};

/** `bwrap`: options take 0–3 arguments; the command follows them. */
const BWRAP_ARGS: Record<string, number> = Object.fromEntries([
  ...ws(
    '--bind --ro-bind --dev-bind --bind-try --ro-bind-try --dev-bind-try --symlink --setenv --file --bind-data --ro-bind-data --chmod',
  ).map((o) => [o, 2]),
  ...['--overlay'].map((o) => [o, 3]),
  ...ws(
    '--chdir --dir --tmpfs --proc --dev --unsetenv --uid --gid --hostname --lock-file --sync-fd --info-fd --json-status-fd --block-fd --userns-block-fd --seccomp --add-seccomp-fd --perms --size --args --cap-add --cap-drop --remount-ro --exec-label --file-label --mqueue --overlay-src --tmp-overlay --ro-overlay --userns --userns2 --pidns --argv0',
  ).map((o) => [o, 1]),
]);
function bwrap(argv: string[], i: number): Step {
  let j = i + 1;
  // Stryker disable next-line StringLiteral: past the end the word is no option either way
  while ((argv[j] ?? '').startsWith('--')) {
    // Stryker disable next-line StringLiteral: j is below the length
    const a = argv[j] ?? '';
    j += 1 + (BWRAP_ARGS[a] ?? 0);
    if (a === '--') break;
  }
  return { at: j };
}

/** awk and its kin: an inline program (the first operand; `-f FILE` is not visible) that runs commands and names git. */
const RUNS =
  /\bsystem\s*\(|\|\s*getline|print[^;]*\|\s*"|\bexec[a-zA-Z]*\s*\(|\bspawn[a-zA-Z]*\s*\(|\bpopen\s*\(|\bsubprocess\b|`|\bos\.system\b|%x\{|\bIO\.popen\b|\bopen\s*\([^)]*\|/;
function awk(argv: string[], i: number): Step {
  // Stryker disable next-line EqualityOperator: one past the end reads an empty program, which runs nothing
  for (let j = i + 1; j < argv.length; j++) {
    // Stryker disable next-line StringLiteral: j is below the length
    const a = argv[j] ?? '';
    // Stryker disable next-line ConditionalExpression,StringLiteral: without it FILE is read as the program, which can only deny more
    if (a === '-f') return null;
    if (a === '-v' || a === '-F') {
      j++;
      continue;
    }
    if (a.startsWith('-')) continue;
    // Stryker disable next-line BooleanLiteral: resolve tests `'computed' in step`, true or false
    return (RUNS.test(a) || a.includes(DYN)) && quickMentionsGit(a) ? { computed: true } : null;
  }
  return null;
}

/** `hyperfine [options] 'cmd'…`: every command string, and the setup/prepare/cleanup ones, run in a shell. */
function hyperfine(argv: string[], i: number): Step {
  // Stryker disable next-line ArrayDeclaration: a seeded element is one more command, whose name is no git
  const scripts: string[] = [];
  const ARGS: Record<string, number> = {
    '-w': 1,
    '--warmup': 1,
    '-r': 1,
    '--runs': 1,
    '-m': 1,
    '--min-runs': 1,
    '-M': 1,
    '--max-runs': 1,
    '-S': 1,
    '--shell': 1,
    '-u': 1,
    '--time-unit': 1,
    '-n': 1,
    '--command-name': 1,
    '--style': 1,
    '--sort': 1,
    '--input': 1,
    '--output': 1,
    '-L': 2,
    '--parameter-list': 2,
    '-P': 3,
    '--parameter-scan': 3,
    '-D': 1,
    '--parameter-step-size': 1,
    '--export-json': 1,
    '--export-csv': 1,
    '--export-markdown': 1,
    '--export-asciidoc': 1,
    '--export-orgmode': 1,
  };
  const RUN = ws('-p --prepare -s --setup -c --cleanup --conclude');
  // Stryker disable next-line EqualityOperator: one past the end reads an empty word, which runs nothing
  for (let j = i + 1; j < argv.length; j++) {
    // Stryker disable next-line StringLiteral: j is below the length
    const a = argv[j] ?? '';
    // `--setup=CMD` and `-pCMD` run CMD as well (the option parser takes both forms).
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    if (eq > 0 && RUN.includes(a.slice(0, eq))) scripts.push(a.slice(eq + 1));
    else if (/^-[psc]./.test(a)) scripts.push(a.slice(2));
    // Stryker disable next-line StringLiteral: an option at the very end has no command: none stands in for it
    else if (RUN.includes(a)) scripts.push(argv[++j] ?? '');
    else if (a in ARGS) j += ARGS[a] ?? 0;
    else if (!a.startsWith('-')) scripts.push(a);
  }
  return { scripts };
}

/** `gdb … --args prog args`, or `gdb [options] prog` (which `-ex run` would start). */
function gdb(argv: string[], i: number): Step {
  const rest = argv.slice(i + 1);
  // Stryker disable next-line ArrayDeclaration,StringLiteral: a seeded or stand-in command is no git, and is read only next to one that names git
  const cmds = rest.flatMap((a, k) => (GDB_EX.includes(a) ? [rest[k + 1] ?? ''] : []));
  if (cmds.some((c) => mentionsGitWord(c))) return { strings: cmds, what: 'gdb runs a command that mentions git' };
  // gdb's options take one dash or two (`-x FILE`, `--directory DIR`): `gdb -x cmds git` loads git. `--args`
  // (not in the list) is skipped like any option: the program follows it. Past the options: no program.
  let j = i + 1;
  // Stryker disable next-line StringLiteral,Regex: past the end the word is no option; only a leading `--` is read as `-`
  while ((argv[j] ?? '').startsWith('-')) j += GDB_ARG.includes((argv[j] ?? '').replace(/^--/, '-')) ? 2 : 1;
  return { at: j };
}
const GDB_EX = ['-ex', '-iex', '--eval-command', '-eval-command'];
const GDB_ARG = ws(
  '-ex -x -iex -ix -eval-command -command -cd -d -directory -p -pid -c -core -s -symbols -e -exec -se -b -tty -data-directory',
);

/** `sg GROUP -c 'cmd'` or `sg GROUP cmd…` (which sg passes to a shell). */
function sg(argv: string[], i: number): Step {
  if (argv[i + 2] === '-c') return { scripts: [argv[i + 3] ?? ''] };
  // Stryker disable next-line ConditionalExpression,EqualityOperator: `sg GROUP` alone: an empty script runs nothing, as null
  return argv.length > i + 2 ? { scripts: [argv.slice(i + 2).join(' ')] } : null;
}

/** `runuser -u USER cmd…` or `runuser [-l] USER -c 'cmd'`. */
function runuser(argv: string[], i: number): Step {
  const viaShell = su(argv, i);
  if (viaShell) return viaShell;
  return argv.slice(i + 1).some((a) => a === '-u' || a === '--user')
    ? simple({ withArg: 'ugGw', long: ['--user', '--group', '--supp-group', '--whitelist-environment'] })(argv, i)
    : null;
}

/** `entr [-s] cmd…`: with -s its words are one shell string. */
function entr(argv: string[], i: number): Step {
  const at = skip(argv, i, {});
  // Stryker disable next-line ConditionalExpression: no query option, so skip never returns null here
  if (at === null) return null;
  return argv.slice(i + 1, at).some((a) => /^-[a-z]*s/.test(a)) ? { scripts: [argv.slice(at).join(' ')] } : { at };
}

export const MORE: Record<string, Handler> = {
  npx: withCall(NPX),
  bunx: simple({ withArg: 'p', long: ['--package'] }),
  uvx: simple({ long: ws('--from --with --python -p --index --with-requirements --with-editable') }),
  npm: (argv, i) => (['exec', 'x'].includes(argv[i + 1] ?? '') ? withCall(NPX)(argv, i + 1) : null),
  pnpm: sub(['exec', 'dlx'], { withArg: 'Cc', long: ['--filter', '--dir', '--package', '--workspace-root'] }),
  yarn: sub(['exec', 'dlx'], { withArg: 'p', long: ['--package', '--cwd'] }),
  bun: sub(['x', 'exec'], { withArg: 'p', long: ['--package', '--cwd'] }),
  uv: sub(['run', 'tool'], {
    withArg: 'pw',
    long: ws(
      '--with --with-editable --with-requirements --python --project --directory --package --env-file --index --extra --group --only-group --no-group --from',
    ),
  }),
  poetry: sub(['run'], { withArg: 'C', long: ['--directory', '--project'] }),
  pipenv: sub(['run'], {}),
  bundle: sub(['exec'], { long: ['--gemfile'] }),
  direnv: sub(['exec'], {}, 1),
  mise: (argv, i) => (['exec', 'x'].includes(argv[i + 1] ?? '') ? { at: afterDashes(argv, i + 1) ?? argv.length } : null),
  'nix-shell': (argv, i) => {
    const k = argv.findIndex((a, j) => j > i && (a === '--run' || a === '--command'));
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: k = -1 makes `nix-shell` itself the script, which runs nothing; a missing string is no script
    return k < 0 ? null : { scripts: [argv[k + 1] ?? ''] };
  },
  nix: (argv, i) => {
    // `-c` may end a group of short options (`script -qc 'cmd' /dev/null`).
    const k = argv.findIndex((a, j) => j > i && (/^-[a-zA-Z]*c$/.test(a) || a === '--command'));
    // Stryker disable next-line ConditionalExpression,EqualityOperator: k = -1 gives at 0, where resolve reads `nix` again: no -c, no command
    return k < 0 ? null : { at: k + 1 };
  },
  dotenv: (argv, i) => {
    const at = afterDashes(argv, i);
    // Stryker disable next-line ConditionalExpression: {at: null} finds no command word at argv[null] in resolve
    return at === null ? null : { at };
  },
  strace: simple({
    withArg: 'abeEIoOpPsSuUX',
    long: ws('--output --expr --signal --trace --attach --user --env --string-limit --trace-path'),
  }),
  ltrace: simple({ withArg: 'aAeEIlLnopsSuwxX', long: ['--output', '--library', '--align', '--indent', '--user'] }),
  valgrind: simple({}),
  fakeroot: simple({ withArg: 'lsib', long: ['--lib', '--faked'] }),
  firejail: simple({}),
  bwrap,
  nsenter: simple({ withArg: 'tSGwrUN', long: ['--target', '--setuid', '--setgid', '--user-parent'] }),
  unshare: simple({ withArg: 'RwSG', long: ws('--root --wd --setuid --setgid --map-user --map-group --kill-child') }),
  chroot: simple({ long: ['--userspec', '--groups'], lead: 1 }),
  runuser,
  setpriv: simple({
    long: ws(
      '--reuid --regid --groups --inh-caps --ambient-caps --bounding-set --securebits --pdeathsig --selinux-label --apparmor-profile --landlock-access --landlock-rule --ruid --euid --rgid --egid',
    ),
  }),
  prlimit: (argv, i) => (argv.slice(i + 1).some((a) => a === '-p' || a.startsWith('--pid')) ? null : simple({})(argv, i)),
  script: (argv, i) => {
    // `-c` may end a group of short options (`script -qc 'cmd' /dev/null`).
    const k = argv.findIndex((a, j) => j > i && (/^-[a-zA-Z]*c$/.test(a) || a === '--command'));
    const eq = argv.find((a, j) => j > i && a.startsWith('--command='));
    // Stryker disable next-line EqualityOperator: k > i >= 0 when found, never 0
    return eq ? { scripts: [eq.slice(10)] } : k < 0 ? null : { scripts: [argv[k + 1] ?? ''] };
  },
  busybox: (argv, i) => ({ at: i + 1 }),
  'xvfb-run': simple({ withArg: 'nsfepw', long: ws('--server-num --server-args --auth-file --error-file --xauth-protocol --wait') }),
  'dbus-run-session': simple({ long: ['--config-file', '--dbus-daemon'] }),
  sg,
  rlwrap: simple({ withArg: 'bCDefgHlMOpPqsStwz' }),
  entr,
  hyperfine,
  gdb,
  builtin: (argv, i) => ({ at: i + 1 }),
  // `trap ACTION SIGNAL…` runs ACTION; `trap -p`, `trap - INT`, `trap '' INT` read as one run nothing that names git.
  trap: (argv, i) => {
    const j = argv[i + 1] === '--' ? i + 2 : i + 1;
    return argv.length <= j + 1 ? null : { scripts: argv.slice(j, j + 1) };
  },
  awk,
  gawk: awk,
  mawk: awk,
  nawk: awk,
};
