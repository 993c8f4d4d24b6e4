/**
 * PreToolUse: decides whether a shell command may run. Returns the exact stdout for the client
 * ('' = allow). Never throws: a hook must not break a session.
 */
export async function preToolUse(stdinText: string, _env: Record<string, string | undefined>): Promise<string> {
  void stdinText;
  return '';
}
