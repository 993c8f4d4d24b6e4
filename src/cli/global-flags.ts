/**
 * The flags every command takes (README's CLI section: `[--project DIR] [--json]`, and `--lang ja|en`), each with
 * whether a value follows. The one list: runtime.ts moves them from before the command to after it, tool-flags.ts
 * gives every verb them as options, lang.ts takes `--lang` out as this run's language. (Before, each of the three
 * spelled the list itself: walk-through 15.)
 */
export const GLOBAL_FLAGS = { project: { value: true }, json: { value: false }, lang: { value: true } } as const;

export type GlobalFlag = keyof typeof GLOBAL_FLAGS;

/** The global flag a command-line word is (`--project`, `--project=DIR`), else null. */
export function globalFlagOf(word: string): GlobalFlag | null {
  const name = word.startsWith('--') ? word.slice(2).split('=')[0]! : '';
  return Object.hasOwn(GLOBAL_FLAGS, name) ? (name as GlobalFlag) : null;
}

/** As typed: `--lang`. */
export const flagName = (flag: GlobalFlag) => `--${flag}`;
