import { serveStdio } from '../../mcp/stdio.js';
import { createGit } from '../../work/index.js';
import type { Command } from '../io.js';
import { cliLang } from '../lang.js';
import { cliErrors } from '../messages/errors.js';
import { cliUsage } from '../messages/usage.js';
import { didYouMean } from '../suggest.js';

export const mcp: Command = async (argv, io) => {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(`${cliUsage(await cliLang(io)).mcp}\n`);
    return 0;
  }
  // A flag the usage does not list is refused, as every command refuses one (newcomer walk-through 10: `mcp --bogus` served).
  const other = argv.find((a) => a !== '--worker');
  if (other !== undefined) {
    const t = cliErrors(await cliLang(io));
    const what = other.startsWith('-')
      ? `${t.unknownFlag(other)}${didYouMean(other.split('=')[0]!, ['--worker'], t)}`
      : t.unexpected(other);
    io.stderr(`butler mcp: ${what}\n  ${t.listsOptions('butler mcp')}\n`);
    return 2;
  }
  await serveStdio(
    {
      cwd: io.env.CLAUDE_PROJECT_DIR || io.cwd,
      env: io.env,
      userConfigDir: io.userConfigDir,
      now: () => new Date(),
      git: createGit(io.env),
    },
    { worker: argv.includes('--worker') },
  );
  // Exit code -1: keep the process alive; the transport ends it when stdin closes.
  return -1;
};
