// Runs in every test worker before its test file (vitest setupFiles): the environment of
// test/global-env.ts, so no test, and no git or client it spawns, reads the developer's git config
// or leaves files outside the run's temporary root. Git settings of the shell that started the run
// go too (issue #27): config in the environment (GIT_CONFIG_COUNT/KEY_n/VALUE_n, GIT_CONFIG_PARAMETERS),
// a repository chosen for every git (GIT_DIR, GIT_INDEX_FILE, as inside a git hook), an identity.
import { inject } from 'vitest';
import { isolatedEnv } from './global-env.js';

for (const k of Object.keys(process.env)) if (k.startsWith('GIT_')) delete process.env[k];
Object.assign(process.env, isolatedEnv({}, inject('butlerTestEnv')));
