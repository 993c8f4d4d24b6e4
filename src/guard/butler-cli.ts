// The guard also stops the agent from relaxing the guard itself: `butler guard allow|deny|mode`
// (and `butler issue approve-url`) is a person's act (README, "Security model"). The CLI asks for a terminal and confirmation, but an
// agent can fake a terminal (`script -c …`), so the hook refuses the command outright.
import { DYN } from './types.js';

const BUTLER_BIN = /^(butler|agent-butler)$/i;
const BUTLER_SCRIPT = /^butler[\w.-]*\.[cm]?js$/i;
const RUNTIMES = new Set(['node', 'nodejs', 'bun']);
const CHANGES = new Set(['allow', 'deny', 'mode']);

/**
 * `argv[i]` (base name `base`) runs Butler's CLI with `guard allow|deny|mode` (or a verb known only at
 * run time): returns the label for the reason, else null. Covers `butler …`, `npx agent-butler …`
 * (through the npx wrapper) and `node path/to/butler.mjs …` (any copy of the bundle).
 */
export function butlerGuardChange(argv: string[], i: number, base: string): string | null {
  let j = i + 1;
  if (!BUTLER_BIN.test(base)) {
    if (!RUNTIMES.has(base)) return null;
    while (j < argv.length && (argv[j] ?? '').startsWith('-')) j++;
    const script = argv[j] ?? '';
    if (!BUTLER_SCRIPT.test(script.slice(script.lastIndexOf('/') + 1))) return null;
    j++;
  }
  const args = argv.slice(j);
  // `butler issue approve-url` (where a token may go) is a person's act too (src/cli/person.ts).
  const issue = args.findIndex((a) => a.toLowerCase() === 'issue');
  if (issue >= 0) {
    const v = args.slice(issue + 1).find((a) => !a.startsWith('--')) ?? '';
    if (v === 'approve-url' || v.includes(DYN)) return 'butler issue approve-url';
  }
  const at = args.findIndex((a) => a.toLowerCase() === 'guard');
  if (at < 0) return null;
  const verb = args.slice(at + 1).find((a) => !a.startsWith('--')) ?? '';
  return CHANGES.has(verb) || verb.includes(DYN) ? `butler guard ${verb.includes(DYN) ? '…' : verb}` : null;
}
