// What every wrapper handler returns (where the wrapped command is) and the option skipper they share;
// the handlers are in wrappers.ts and wrappers-more.ts.
export type Step =
  /** The wrapped command starts at argv[at]; `extend`: words only known at run time follow (xargs). */
  | { at: number; extend?: boolean }
  /** Strings a program may run as commands (tmux, vim -c, ssh -o ProxyCommand=…): parsed, or named git. */
  | { strings: string[]; what: string }
  /** Interpreter code (null: read from stdin): denied when it names git. */
  | { code: string[] | null; lang: string }
  /** Runs git itself, or gives git another name: denied, with what to do. */
  | { deny: string; tool?: string; onlyIf?: RegExp }
  /** Strings that the wrapper runs as shell scripts. */
  | { scripts: string[] }
  /** Separate commands (find -exec … \; -exec … +). */
  | { argvs: string[][] }
  /** A shell reading its script from stdin (here-document, here-string or a pipe). */
  | { stdin: true }
  /** Runs code only known at run time (`bash <(…)`, `awk 'system(…)'`): git if the command names it. */
  | { computed: true }
  /** Runs no command (`command -v git`, `sudo -l`, `bash script.sh` whose text is not visible). */
  | null;

export interface Spec {
  /** Short options that take an argument (attached or as the next word). */
  withArg?: string;
  /** Long options that take the next word as argument when written without `=`. */
  long?: string[];
  /** Short options after which nothing is executed. */
  query?: string;
  /** NAME=VALUE words may follow the options (env, sudo). */
  assigns?: boolean;
  /** Positional words before the command (timeout's duration, taskset's mask). */
  lead?: number;
}

/** Skips a wrapper's options; returns the index of the first word after them, or null for a query. */
export function skip(argv: string[], i: number, spec: Spec): number | null {
  let j = i + 1;
  // Stryker disable next-line EqualityOperator: one past the end reads an empty word, which ends the loop as the end does
  while (j < argv.length) {
    // Stryker disable next-line StringLiteral: j is below the length here, the word is never undefined
    const a = argv[j] ?? '';
    // Stryker disable next-line ConditionalExpression,StringLiteral,BlockStatement: read on as a long option, `--` ends at the same word, as a command word never starts with `-`
    if (a === '--') {
      j++;
      break;
    }
    if (!a.startsWith('-') || a === '-') break;
    if (a.startsWith('--')) {
      j += !a.includes('=') && spec.long?.includes(a) ? 2 : 1;
      continue;
    }
    let next = false;
    for (let k = 1; k < a.length; k++) {
      // Stryker disable next-line StringLiteral: k is below the length
      const ch = a[k] ?? '';
      if (spec.query?.includes(ch)) return null;
      if (spec.withArg?.includes(ch)) {
        next = k === a.length - 1;
        break;
      }
    }
    j += next ? 2 : 1;
  }
  if (spec.assigns) while (isAssign(argv[j])) j++;
  return j + (spec.lead ?? 0);
}

/**
 * A NAME=VALUE word for env and sudo: any word with `=` in it (GNU env sets `./a=b` too and runs what
 * follows: `env ./a=b git push` runs git).
 */
export const isAssign = (w: string | undefined): boolean => w?.includes('=') === true;

export const simple =
  (spec: Spec) =>
  (argv: string[], i: number): Step => {
    const at = skip(argv, i, spec);
    // Stryker disable next-line ConditionalExpression: a query (`command -v git`) then gives {at: null}, and resolve finds no command word at argv[null]
    return at === null ? null : { at };
  };
