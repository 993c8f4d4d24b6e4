// The SessionStart hook: the client's input in, the text it prints out. What to offer and how it reads is
// handover's use case (src/handover/start.ts); this file knows only the clients' hook protocol.
import { startAnswer, type StartInput } from '../handover/index.js';
import { clientByBrain } from '../shared/clients/index.js';

export { SESSION_START_LIMIT } from '../handover/index.js';

/**
 * The resume prompt as the brain's client reads SessionStart stdout (the client table's `startOutput`):
 * plain text, or JSON `hookSpecificOutput.additionalContext` (Gemini CLI: stdout must be JSON only).
 */
export function startOutput(brain: string | null, text: string): string {
  if (!text || clientByBrain(brain)?.hooks.startOutput !== 'json-context') return text;
  return JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: text } });
}

/** SessionStart: stdin JSON in, the resume prompt out ('' = print nothing). Never throws. */
export async function sessionStart(stdinText: string, opts: Parameters<typeof startAnswer>[1]): Promise<string> {
  try {
    return await startAnswer(JSON.parse(stdinText) as StartInput, opts);
  } catch {
    return '';
  }
}
