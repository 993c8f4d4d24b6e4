/** Shared shapes of the guard's shell parser. Plain data: no I/O anywhere in src/guard except config.ts. */

/** Stands for the unknown value of an expansion (`$x`, `$(…)`, `` `…` ``) inside a word's text. */
export const DYN = '\u0000';

export class ShellParseError extends Error {
  override name = 'ShellParseError';
}

export interface Word {
  /** The value after quote removal; every expansion is replaced by DYN. */
  text: string;
  /** The source text of the word. */
  raw: string;
  /** No quotes, escapes or expansions: the only kind of word that can be a reserved word. */
  plain: boolean;
  /** Contains at least one expansion whose value is unknown. */
  dynamic: boolean;
  /** The word is exactly one `$NAME` or `${NAME}` (quoted or not). */
  varRef: string | null;
}

/** One simple command (or a compound command's closing part, which only carries redirections). */
export interface Cmd {
  words: Word[];
  assigns: { name: string; value: Word }[];
  /** Here-document bodies fed to this command's stdin. */
  heredocs: string[];
  /** `<<< word` here-strings. */
  herestrings: Word[];
  /** Targets of input redirections (`< file`, `< <(…)`, `<&3`: dynamic), on any descriptor. */
  inputs: Word[];
  /** The command whose stdout is piped into this one. */
  pipedFrom: Cmd | null;
  /** `)`, `}`, `fi`, `done`, `esac`, `]]`, `((…))`: never a command name, only redirections. */
  compound: boolean;
}

export function newCmd(pipedFrom: Cmd | null, compound = false): Cmd {
  return { words: [], assigns: [], heredocs: [], herestrings: [], inputs: [], pipedFrom, compound };
}

/** State shared by a top-level parse and every string parsed inside it (`bash -c`, `eval`, backticks). */
export interface ParseContext {
  /** Static values of `NAME=value` assignments seen anywhere, for `G=git; $G status`. */
  vars: Map<string, string>;
  /** Characters still allowed to be parsed, across nested strings: bounds the total work. */
  budget: number;
  depth: number;
  /** `cd`/`pushd` targets seen anywhere (null: not known before it runs): git may act there. */
  cds: (string | null)[];
  /** The whole command text, for checks on commands whose text is only known at run time. */
  top: string;
}

export const MAX_DEPTH = 12;

export function newContext(budget = 500_000): ParseContext {
  return { vars: new Map(), budget, depth: 0, cds: [], top: '' };
}
