// What a git invocation does, from its arguments, and which Butler tool replaces it.
import { DYN } from './types.js';

/** Global options that take the next word as their value (`git -C dir log`). */
const GLOBAL_WITH_ARG = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env', '--attr-source']);

export interface GitCall {
  /** The subcommand; '' when there is none (`git --version`); null when unknown before it runs (`git $cmd`). */
  sub: string | null;
  /** An option that runs another program or changes git's config (`-c`, `--upload-pack`…): never allowed. */
  risky: string | null;
  /** `-C DIR` values in order (relative ones apply to the previous); DYN inside = unknown. */
  dirs: string[];
  /** `--git-dir` / `--work-tree`: the repository acted on is not the folder's. */
  elsewhere: boolean;
}

/** Options of a subcommand that run a program git does not ship (or one named on the command line). */
const RISKY_SUB: Readonly<Record<string, readonly string[]>> = {
  fetch: ['--upload-pack', '-u'],
  pull: ['--upload-pack', '-u'],
  clone: ['--upload-pack', '-u', '--config', '-c', '--template'],
  'ls-remote': ['--upload-pack', '-u'],
  push: ['--receive-pack', '--exec'],
  'send-pack': ['--receive-pack', '--exec'],
  archive: ['--exec', '--remote'],
  rebase: ['--exec', '-x'],
  difftool: ['--extcmd', '-x'],
  grep: ['--open-files-in-pager', '-O'],
  init: ['--template'],
  submodule: ['foreach'],
  bisect: ['run'],
};

/** Environment variables that make git run a program or read other config. */
export const RISKY_ENV =
  /^(GIT_(SSH|SSH_COMMAND|PROXY_COMMAND|EXTERNAL_DIFF|PAGER|EDITOR|SEQUENCE_EDITOR|ASKPASS|EXEC_PATH|CONFIG\w*|TEMPLATE_DIR|DIR|WORK_TREE)|PAGER|EDITOR|VISUAL|SSH_ASKPASS)$/;

/** Parses `git ARGS…`: the subcommand after global options, risky options, and `-C` folders. */
export function gitCall(args: string[]): GitCall {
  const call: GitCall = { sub: '', risky: null, dirs: [], elsewhere: false };
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a.includes(DYN) && !a.startsWith('-')) return { ...call, sub: null };
    // `git --exec-path` (without `=`) prints a path and exits: nothing after it runs.
    if (a === '--exec-path') return call;
    if (a === '-c' || a === '--config-env' || a.startsWith('--config-env=') || a.startsWith('--exec-path=') || /^-c./.test(a))
      call.risky ??= a.replace(/=.*/, '');
    if (a === '--git-dir' || a === '--work-tree' || a.startsWith('--git-dir=') || a.startsWith('--work-tree=')) call.elsewhere = true;
    if (a === '-C') call.dirs.push(args[i + 1] ?? '');
    if (GLOBAL_WITH_ARG.has(a)) {
      i++;
      continue;
    }
    if (a.startsWith('-')) continue;
    call.sub = a;
    break;
  }
  const risky = call.sub ? RISKY_SUB[call.sub] : undefined;
  if (risky && !call.risky) {
    for (const a of args.slice(i + 1)) {
      const hit = risky.find(
        (r) =>
          a === r || a.startsWith(`${r}=`) || (/^-[a-zA-Z]$/.test(r) && new RegExp(`^-[a-zA-Z]*${r[1]}`).test(a) && !a.startsWith('--')),
      );
      if (hit) {
        call.risky = hit;
        break;
      }
    }
  }
  return call;
}

/** The subcommand only (see gitCall). */
export function gitSubcommand(args: string[]): string | null {
  return gitCall(args).sub;
}

/** The Butler MCP tool that replaces a git subcommand, if any. */
export const BUTLER_TOOL: Readonly<Record<string, string>> = {
  status: 'work_observe',
  diff: 'work_diff',
  log: 'work_history',
  show: 'work_history',
  blame: 'work_history',
  add: 'work_record',
  commit: 'work_record',
  push: 'work_publish',
  fetch: 'work_sync',
  pull: 'work_sync',
};

/** Extra advice shown after a tool's name. */
export const TOOL_NOTE: Readonly<Record<string, string>> = {
  work_history: ' (work_diff with record_id for one record)',
};

export function toolFor(sub: string | null): string | null {
  return sub !== null && Object.hasOwn(BUTLER_TOOL, sub) ? (BUTLER_TOOL[sub] ?? null) : null;
}
