import { writeAutoSnapshot } from '../../handover/index.js';
import { preToolUse } from '../../hooks/pre-tool-use.js';
import { sessionStart } from '../../hooks/session-start.js';
import type { Command } from '../io.js';
import { cliLang } from '../lang.js';
import { cliErrors } from '../messages/errors.js';
import { cliUsage } from '../messages/usage.js';
import { didYouMean } from '../suggest.js';

/** Each event `butler hook` runs, by name: the one list its usage, its check, its "did you mean" and its dispatch read. */
const HOOKS: Record<string, (input: string, rest: string[], env: Record<string, string | undefined>) => Promise<string>> = {
  'session-start': (input, rest, env) => {
    const i = rest.indexOf('--brain');
    return sessionStart(input, { brain: i >= 0 ? (rest[i + 1] ?? null) : null, env, writeAuto: writeAutoSnapshot });
  },
  'pre-tool-use': (input, _rest, env) => preToolUse(input, env),
};
const EVENTS = Object.keys(HOOKS);

/** `butler hook <event>`: the same code as the hook bundles, for debugging and for clients without bundles. */
export const hook: Command = async (argv, io) => {
  const [event, ...rest] = argv;
  if (event === '--help' || event === '-h') {
    io.stdout(`${cliUsage(await cliLang(io)).hook(EVENTS)}\n`);
    return 0;
  }
  // An event that is no hook is said before stdin is read, in the words of every unknown verb (walk-through 10).
  if (event === undefined || !EVENTS.includes(event)) {
    const lang = await cliLang(io);
    const t = cliErrors(lang);
    io.stderr(
      event === undefined
        ? `${cliUsage(lang).hook(EVENTS).split('   ')[0]}\n`
        : `butler hook: ${t.unknownVerb(event)}${didYouMean(event, EVENTS, t)}\n  ${t.listsVerbs('hook')}\n`,
    );
    return 2;
  }
  let out = '';
  try {
    out = await HOOKS[event]!(await io.readStdin(), rest, io.env);
  } catch {
    out = '';
  }
  if (out) io.stdout(out);
  return 0;
};
