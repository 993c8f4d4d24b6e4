import { defineConfig } from 'vitest/config';
import { mutationPart } from './scripts/mutation-parts.mjs';

// The test files `npm run mutate` runs against the mutants of one part (BUTLER_MUTATE_PART, see
// scripts/mutation-parts.mjs and scripts/mutate.mjs).
export default defineConfig({
  test: {
    include: mutationPart().tests,
    exclude: ['**/node_modules/**'],
    // hooks/ holds the bundles built from the unmutated source: no rebuild (and no mutant) there.
    globalSetup: ['test/global-env.ts'],
    setupFiles: ['test/setup-env.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
