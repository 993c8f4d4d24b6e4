/** `--brain <id>` from the hook's command line, or null. */
export function brainArg(argv: string[]): string | null {
  const i = argv.indexOf('--brain');
  return i >= 0 ? (argv[i + 1] ?? null) : null;
}

/** Whatever happens inside, a hook answers within its installer timeout: `fallback` after `ms`. */
export const deadline = <T>(p: Promise<T>, ms: number, fallback: T): Promise<T> =>
  Promise.race([p, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms).unref())]);

/** `--trigger session-end` / `post-compact` make pre-compact.cjs the SessionEnd / PostCompact hook; anything else is PreCompact. */
export function triggerArg(argv: string[]): 'precompact' | 'session-end' | 'postcompact' {
  const i = argv.indexOf('--trigger');
  const v = i >= 0 ? argv[i + 1] : undefined;
  return v === 'session-end' ? 'session-end' : v === 'post-compact' ? 'postcompact' : 'precompact';
}
