import { writeAutoSnapshot } from '../../handover/index.js';
import { preToolUse } from '../../hooks/pre-tool-use.js';
import { sessionStart } from '../../hooks/session-start.js';
import type { Command } from '../io.js';
import { cliLang } from '../lang.js';
import { cliErrors } from '../messages/errors.js';
import { cliUsage } from '../messages/usage.js';
import { didYouMean } from '../suggest.js';

const EVENTS = ['session-start', 'pre-tool-use'];

/** `butler hook <event>`: the same code as the hook bundles, for debugging and for clients without bundles. */
export const hook: Command = async (argv, io) => {
  const [event, ...rest] = argv;
  if (event === '--help' || event === '-h') {
    io.stdout(`${cliUsage(await cliLang(io)).hook}\n`);
    return 0;
  }
  // An event that is no hook is said before stdin is read, in the words of every unknown verb (walk-through 10).
  if (event === undefined || !EVENTS.includes(event)) {
    const lang = await cliLang(io);
    const t = cliErrors(lang);
    io.stderr(
      event === undefined
        ? `${cliUsage(lang).hook.split('   ')[0]}\n`
        : `butler hook: ${t.unknownVerb(event)}${didYouMean(event, EVENTS, t)}\n  ${t.listsVerbs('hook')}\n`,
    );
    return 2;
  }
  let out = '';
  try {
    const input = await io.readStdin();
    if (event === 'pre-tool-use') out = await preToolUse(input, io.env);
    else if (event === 'session-start') {
      const i = rest.indexOf('--brain');
      out = await sessionStart(input, { brain: i >= 0 ? (rest[i + 1] ?? null) : null, env: io.env, writeAuto: writeAutoSnapshot });
    }
  } catch {
    out = '';
  }
  if (out) io.stdout(out);
  return 0;
};
