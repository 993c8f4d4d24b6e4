// Runs in every test worker before its test file (vitest setupFiles): the environment of
// test/global-env.ts, so no test, and no git or client it spawns, reads the developer's git config
// or leaves files outside the run's temporary root.
import { inject } from 'vitest';
import { isolatedEnv } from './global-env.js';

Object.assign(process.env, isolatedEnv({}, inject('butlerTestEnv')));
