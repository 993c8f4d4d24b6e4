import { writeAutoSnapshot } from '../../handover/index.js';
import { preToolUse } from '../../hooks/pre-tool-use.js';
import { sessionStart } from '../../hooks/session-start.js';
import type { Command } from '../io.js';
import { cliLang } from '../lang.js';
import { cliUsage } from '../messages/usage.js';

/** `butler hook <event>`: the same code as the hook bundles, for debugging and for clients without bundles. */
export const hook: Command = async (argv, io) => {
  const [event, ...rest] = argv;
  if (event === '--help' || event === '-h') {
    io.stdout(`${cliUsage(await cliLang(io)).hook}\n`);
    return 0;
  }
  let out = '';
  try {
    const input = await io.readStdin();
    if (event === 'pre-tool-use') out = await preToolUse(input, io.env);
    else if (event === 'session-start') {
      const i = rest.indexOf('--brain');
      out = await sessionStart(input, { brain: i >= 0 ? (rest[i + 1] ?? null) : null, env: io.env, writeAuto: writeAutoSnapshot });
    } else {
      io.stderr(`${cliUsage(await cliLang(io)).hook.split('   ')[0]}\n`);
      return 2;
    }
  } catch {
    out = '';
  }
  if (out) io.stdout(out);
  return 0;
};
