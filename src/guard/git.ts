// What a git invocation does, from its arguments, and which Butler tool replaces it.
import { DYN } from './types.js';

/** Global options that take the next word as their value (`git -C dir log`). */
const GLOBAL_WITH_ARG = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env', '--attr-source']);

/**
 * The subcommand of `git ARGS…`, after global options (`-C dir`, `-c k=v`, `--no-pager`,
 * `--git-dir=…`). '' when there is none (`git --version`); null when it is not known before the
 * command runs (`git $cmd`).
 */
export function gitSubcommand(args: string[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a.includes(DYN)) return null;
    // `git --exec-path` (without `=`) prints a path and exits: nothing after it runs.
    if (a === '--exec-path') return '';
    if (GLOBAL_WITH_ARG.has(a)) {
      i++;
      continue;
    }
    if (a.startsWith('-')) continue;
    return a;
  }
  return '';
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
};

/** Extra advice shown after a tool's name. */
export const TOOL_NOTE: Readonly<Record<string, string>> = {
  work_history: ' (work_diff with record_id for one record)',
};

export function toolFor(sub: string | null): string | null {
  return sub !== null && Object.hasOwn(BUTLER_TOOL, sub) ? (BUTLER_TOOL[sub] ?? null) : null;
}
