import type { CliIO } from './io.js';
import { RUNTIME, dispatch, type Commands } from './runtime.js';

/** Every command: the npm bin and the skill's scripts/butler.mjs. */
const COMMANDS: Commands = {
  install: async () => (await import('./commands/install.js')).install,
  uninstall: async () => (await import('./commands/install.js')).uninstall,
  status: async () => (await import('./commands/status.js')).status,
  guard: async () => (await import('./commands/guard.js')).guard,
  ...RUNTIME,
  demo: async () => (await import('./commands/demo.js')).demo,
};

export function runCli(argv: string[], io: CliIO): Promise<number> {
  return dispatch(COMMANDS, argv, io);
}
