/**
 * SessionStart: returns the resume prompt to print ('' = print nothing). Never throws.
 */
export async function sessionStart(
  stdinText: string,
  opts: { brain: string | null; env: Record<string, string | undefined> },
): Promise<string> {
  void stdinText;
  void opts;
  return '';
}
