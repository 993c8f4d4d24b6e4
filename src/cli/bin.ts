// Entry point of hooks/butler.mjs (the npm bin and the skill's scripts/butler.mjs): every command.
import { runCli } from './main.js';
import { startCli } from './start.js';

startCli(runCli);
