import { serveStdio } from '../../mcp/stdio.js';
import { createGit } from '../../work/index.js';
import type { Command } from '../io.js';
import { cliLang } from '../lang.js';
import { cliErrors } from '../messages/errors.js';
import { cliUsage } from '../messages/usage.js';
import { parseFlags } from './project-args.js';

export const mcp: Command = async (argv, io) => {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(`${cliUsage(await cliLang(io)).mcp}\n`);
    return 0;
  }
  // A flag the usage does not list is refused, as every command refuses one (walk-through 10: `mcp --bogus` ran).
  const t = cliErrors(await cliLang(io));
  const other = parseFlags(argv, ['--worker'], t);
  if (typeof other === 'string') {
    io.stderr(`butler mcp: ${other}\n  ${t.listsOptions('butler mcp')}\n`);
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
