// Entry point of hooks/butler-runtime.mjs, vendored as .butler/bin/butler.mjs in every user
// repository (and committed there): every command but install, uninstall, status and demo, which are left
// out to keep the file small. Those run from the package or the skill copy of the full CLI.
import { runRuntime } from './runtime.js';
import { startCli } from './start.js';

startCli(runRuntime);
