// Commands that run another command: `sudo -u x git …`, `timeout 5 git …`, `find -exec git …`,
// `bash -c '…'`. Each handler says where the wrapped command is in argv (or which strings to parse).
import { DYN } from './types.js';
import { isAssign, type Spec, type Step, simple, skip } from './wrapper-spec.js';

function env(argv: string[], i: number): Step {
  let j = i + 1;
  // Stryker disable next-line EqualityOperator: one past the end reads an empty word, which ends the loop as the end does
  while (j < argv.length) {
    // Stryker disable next-line StringLiteral: j is below the length here, the word is never undefined
    const a = argv[j] ?? '';
    // `env -- FOO=1 git status` runs git: `--` ends the options, NAME=VALUE words may still follow.
    if (a === '--') {
      j++;
      while (isAssign(argv[j])) j++;
      break;
    }
    // `-S` alone is read by the next line too (its empty attached part changes nothing).
    if (a === '--split-string') return { scripts: [argv.slice(j + 1).join(' ')] };
    else if (a.startsWith('-S')) return { scripts: [[a.slice(2), ...argv.slice(j + 1)].join(' ')] };
    else if (a.startsWith('--split-string=')) return { scripts: [[a.slice(15), ...argv.slice(j + 1)].join(' ')] };
    else if (a === '-u' || a === '-C' || a === '-P' || a === '--unset' || a === '--chdir') j += 2;
    else if (a.startsWith('-')) j++;
    else if (isAssign(a)) j++;
    else break;
  }
  return { at: j };
}

/** sh/bash/zsh…: `-c STRING` runs the string; no operand (or `-s`) reads the script from stdin. */
function shell(argv: string[], i: number): Step {
  let j = i + 1;
  let cMode = false;
  let sMode = false;
  // Stryker disable next-line EqualityOperator: one past the end reads an empty word, which ends the loop as the end does
  while (j < argv.length) {
    // Stryker disable next-line StringLiteral: j is below the length here, the word is never undefined
    const a = argv[j] ?? '';
    if (a === '--' || a === '-') {
      j++;
      break;
    }
    if (a === '--rcfile' || a === '--init-file') {
      j += 2;
      continue;
    }
    if (a === '--command') cMode = true;
    if (a.startsWith('--command=')) return { scripts: [a.slice(10)] };
    if (a.startsWith('--')) {
      j++;
      continue;
    }
    // A lone `+` is an empty option group to bash and dash: `bash + -c 'git log'` runs git.
    if (!/^[-+]/.test(a)) break;
    // Stryker disable next-line MethodExpression: the dash kept in front changes neither the letter tests nor /[oO]$/
    const letters = a.slice(1);
    if (letters.includes('c')) cMode = true;
    if (letters.includes('s')) sMode = true;
    j += /[oO]$/.test(letters) ? 2 : 1;
  }
  if (cMode) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: `bash -c` without a string: an empty script runs nothing, as null
    return j < argv.length ? { scripts: [positional(argv[j] ?? '', argv.slice(j + 1))] } : null;
  }
  // `/dev/fd/3` with `3<<<'…'`: a descriptor's here-string or here-document is the script too.
  // Stryker disable next-line StringLiteral: j is below the length when the test is reached
  if (sMode || j >= argv.length || /^(\/dev\/stdin|\/dev\/fd\/\d+|\/proc\/(self|\d+)\/fd\/\d+)$/.test(argv[j] ?? '')) {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: resolve's fromStep reads a step that is none of the others as stdin
    return { stdin: true };
  }
  // `bash <(echo git log)`: the script is the output of a command.
  // Stryker disable next-line StringLiteral,BooleanLiteral: j is below the length here; resolve tests `'computed' in step`, true or false
  return (argv[j] ?? '').includes(DYN) ? { computed: true } : null;
}

/** `sh -c 'exec "$0" log' git`: the words after the script are its `$0`, `$1`…; put them in. */
function positional(script: string, args: string[]): string {
  if (args.length === 0) return script;
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return script
    .replace(/"?\$(?:\{([0-9])\}|([0-9]))"?/g, (m, a, b) => {
      const v = args[Number(a ?? b)];
      return v === undefined || v.includes(DYN) ? m : q(v);
    })
    .replace(/"?\$(?:\{[@*]\}|[@*])"?/g, (m) => (args.some((a) => a.includes(DYN)) ? m : args.slice(1).map(q).join(' ')));
}

/** `source FILE` / `. FILE`: only `/dev/stdin` and `<(…)` are visible here. */
function source(argv: string[], i: number): Step {
  // Stryker disable next-line StringLiteral: no file is neither a descriptor nor run-time text, whatever stands in for it
  const f = argv[i + 1] ?? '';
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: resolve's fromStep reads a step that is none of the others as stdin
  if (/^(\/dev\/stdin|\/dev\/fd\/\d+|\/proc\/(self|\d+)\/fd\/\d+)$/.test(f)) return { stdin: true };
  // Stryker disable next-line BooleanLiteral: resolve tests `'computed' in step`, true or false
  return f.includes(DYN) ? { computed: true } : null;
}

function find(argv: string[], i: number): Step {
  // Stryker disable next-line ArrayDeclaration: a seeded element is one more command, whose name is no git
  const argvs: string[][] = [];
  // Stryker disable next-line ArithmeticOperator,EqualityOperator: the word before find is find's wrapper or nothing, never -exec; argv[length] is no -exec either
  for (let j = i + 1; j < argv.length; j++) {
    const a = argv[j];
    if (a !== '-exec' && a !== '-execdir' && a !== '-ok' && a !== '-okdir') continue;
    const cmd: string[] = [];
    // `{}` is a found path: as (part of) a command name, it is only known at run time.
    for (j++; j < argv.length && argv[j] !== ';' && argv[j] !== '+'; j++) cmd.push((argv[j] ?? '').replaceAll('{}', DYN));
    argvs.push(cmd);
  }
  return { argvs };
}

function watch(argv: string[], i: number): Step {
  const at = skip(argv, i, { withArg: 'nq', long: ['--interval', '--equexit'] });
  // Stryker disable next-line ConditionalExpression: no query option, so skip never returns null here
  if (at === null) return null;
  const rest = argv.slice(at);
  const exec = argv.slice(i + 1, at).some((a) => a === '--exec' || /^-[a-z]*x/.test(a));
  // Without -x, watch joins its words and runs them with `sh -c`.
  return exec ? { at } : { scripts: [rest.join(' ')] };
}

export function su(argv: string[], i: number): Step {
  // Stryker disable next-line ArithmeticOperator,EqualityOperator: the word before su is its wrapper or nothing, never -c; argv[length] is no -c either
  for (let j = i + 1; j < argv.length; j++) {
    // Stryker disable next-line StringLiteral: j is below the length here, the word is never undefined
    const a = argv[j] ?? '';
    // Stryker disable next-line StringLiteral: `-c` without a string: no script, whatever stands in for it names no git
    if (a === '-c' || a === '--command') return { scripts: [argv[j + 1] ?? ''] };
    if (a.startsWith('--command=')) return { scripts: [a.slice(10)] };
  }
  return null;
}

function flock(argv: string[], i: number): Step {
  const at = skip(argv, i, { withArg: 'wE', long: ['--timeout', '--conflict-exit-code'] });
  // Stryker disable next-line ConditionalExpression: no query option, so skip never returns null here
  if (at === null) return null;
  // flock LOCKFILE -c STRING  |  flock LOCKFILE COMMAND…  |  flock FD (no command)
  // Stryker disable next-line StringLiteral: `-c` without a string: no script, whatever stands in for it names no git
  if (argv[at + 1] === '-c' || argv[at + 1] === '--command') return { scripts: [argv[at + 2] ?? ''] };
  return { at: at + 1 };
}

/**
 * xargs appends words read at run time (and `-I R` puts them where R is); no command means echo.
 * `-i[R]` and `--replace[=R]` take their argument only attached: `xargs -i git status` runs git.
 */
function xargs(argv: string[], i: number): Step {
  // No query option: skip returns a number.
  const at =
    skip(argv, i, {
      withArg: 'aEdILnPs',
      long: ['--arg-file', '--delimiter', '--max-args', '--max-procs', '--max-chars', '--process-slot-var'],
    }) ?? argv.length;
  if (at >= argv.length) return null;
  const opts = argv.slice(i + 1, at);
  const k = opts.findIndex((a) => a.startsWith('-I') || a.startsWith('-i') || a.startsWith('--replace'));
  if (k >= 0) {
    // Stryker disable next-line StringLiteral: k is a found index
    const o = opts[k] ?? '';
    const r = o === '-I' ? (opts[k + 1] ?? '{}') : o.startsWith('--') ? (o.split('=')[1] ?? '{}') : o.slice(2) || '{}';
    if (r !== '') for (let j = at; j < argv.length; j++) argv[j] = (argv[j] ?? '').replaceAll(r, DYN);
  }
  return { at, extend: true };
}

/** `sudo -s`/`sudo -i` without a command starts a shell that reads stdin. */
function sudo(argv: string[], i: number): Step {
  const at = skip(argv, i, SUDO);
  // Stryker disable next-line ConditionalExpression: a query (`sudo -l`) then gives {at: null}, and resolve finds no command word at argv[null]
  if (at === null) return null;
  const shellOpt = argv.slice(i + 1, at).some((a) => /^-[a-zA-Z]*[si]/.test(a) || a === '--shell' || a === '--login');
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: resolve's fromStep reads a step that is none of the others as stdin
  return at >= argv.length && shellOpt ? { stdin: true } : { at };
}
const SUDO: Spec = {
  withArg: 'CDgpRrTtUu',
  long: ['--user', '--group', '--prompt', '--chdir', '--role', '--type', '--other-user', '--close-from', '--command-timeout', '--host'],
  query: 'elvV',
  assigns: true,
};

const SHELLS = ['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'yash', 'busybox-sh', 'fish', 'rbash', 'lksh', 'posh', 'tcsh', 'csh'];

export const WRAPPERS: Record<string, (argv: string[], i: number) => Step> = {
  env,
  find,
  watch,
  su,
  flock,
  eval: (argv, i) => ({ scripts: [argv.slice(i + 1).join(' ')] }),
  sudo,
  doas: simple({ withArg: 'uC' }),
  pkexec: simple({ long: ['--user'] }),
  time: simple({ withArg: 'fo', long: ['--format', '--output'] }),
  // `nice -5`: a dash and digits is an option like any other (no digit takes an argument).
  nice: simple({ withArg: 'n', long: ['--adjustment'] }),
  nohup: simple({}),
  setsid: simple({}),
  unbuffer: simple({}),
  chronic: simple({}),
  nocorrect: simple({}),
  noglob: simple({}),
  timeout: simple({ withArg: 'sk', long: ['--signal', '--kill-after'], lead: 1 }),
  command: simple({ query: 'vV' }),
  exec: simple({ withArg: 'a' }),
  xargs,
  stdbuf: simple({ withArg: 'ioe', long: ['--input', '--output', '--error'] }),
  ionice: simple({ withArg: 'cnpPu', long: ['--class', '--classdata'] }),
  chrt: simple({ withArg: 'TPD', lead: 1 }),
  taskset: simple({ lead: 1 }),
  caffeinate: simple({ withArg: 'tw' }),
  source,
  '.': source,
  ...Object.fromEntries(SHELLS.map((s) => [s, shell])),
};
