import { cliErrors } from './messages/errors.js';

/**
 * "Did you mean" for the command line: the nearest of the valid words by edit distance, when it is
 * close enough to be the likely intent (at most a third of the word, at least one edit allowed).
 */
export function nearest(word: string, valid: readonly string[]): string | null {
  const synonym = SYNONYMS[word.toLowerCase()];
  if (synonym && valid.includes(synonym)) return synonym;
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const v of valid) {
    const d = distance(word.toLowerCase(), v.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [v, d];
  }
  return best !== null && bestDistance <= Math.max(1, Math.floor(word.length / 3)) ? best : null;
}

/** Words people type for a verb Butler names otherwise (walk-through: `issue show 1`). */
const SYNONYMS: Record<string, string> = {
  show: 'read',
  view: 'read',
  cat: 'read',
  ls: 'list',
  new: 'create',
  add: 'create',
  open: 'reopen',
};

/** `; did you mean X?` or nothing. */
export const didYouMean = (word: string, valid: readonly string[], t = cliErrors('en')): string => {
  const n = nearest(word, valid);
  return n ? t.didYouMean(n) : '';
};

/** Optimal string alignment distance: insert, delete, substitute, swap two neighbours (`--titel`). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * node:util parseArgs' error in one line a person can act on (its own text explains `--` for
 * positionals): `unknown flag --titel; did you mean --title?`, `--title needs a value`.
 */
export function parseArgsMessage(err: unknown, flags: readonly string[], t = cliErrors('en'), argv: readonly string[] = []): string {
  const message = err instanceof Error ? err.message : String(err);
  const unknown = /Unknown option '([^']+)'/.exec(message)?.[1];
  if (unknown) return `${t.unknownFlag(unknown)}${didYouMean(unknown.split('=')[0]!, flags, t)}`;
  // A one-letter option (`-n`) is named as typed: node calls it `--n`, which no one types.
  const missing = /Option '(?:(-\w), )?(--[\w-]+) <value>' argument missing/.exec(message);
  // A short spelling typed (`-m` of `--message`) is named so too (#25 walk-through 14).
  if (missing)
    return t.needsValue(
      missing[1] && (/^--\w$/.test(missing[2]!) || (argv.includes(missing[1]) && !argv.includes(missing[2]!))) ? missing[1] : missing[2]!,
    );
  const noValue = /Option '(-\w, )?(--[\w-]+)' does not take an argument/.exec(message)?.[2];
  if (noValue) return t.takesNoValue(noValue);
  // A value that starts with '-' (`--limit -3`): node asks for `--limit=-3`.
  // node names a short spelling (`-n -3`) by its short name and the fix by its long one (`--limit=-3`).
  const dashed =
    /Option '(-\w, )?(--[\w-]+)' argument is ambiguous/.exec(message)?.[2] ??
    (/argument is ambiguous/.test(message) ? /use '(--[\w-]+)=-XYZ'/.exec(message)?.[1] : undefined);
  // An option with only a one-letter name (`-n`): node's `--n=` works but reads as a typo; the joined `-n-3` is the spelling people know.
  // The word after the flag is another flag of this verb (`--title --json`): the value was left out (#25).
  if (dashed && followedByFlag(dashed, flags, argv)) return t.needsValue(/^--\w$/.test(dashed) ? dashed.slice(1) : dashed);
  if (dashed && /^--\w$/.test(dashed)) return t.dashValueShort(dashed.slice(1));
  if (dashed) return t.dashValue(dashed);
  return message.split('. ')[0]!;
}

/** Whether the word after `flag` in argv is one of the verb's flags (with or without `=VALUE`). */
function followedByFlag(flag: string, flags: readonly string[], argv: readonly string[]): boolean {
  const spellings = /^--\w$/.test(flag) ? [flag, flag.slice(1)] : [flag];
  const i = argv.findIndex((a) => spellings.includes(a));
  const next = i < 0 ? undefined : argv[i + 1];
  return next !== undefined && flags.includes(next.split('=')[0]!);
}
