import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    // Builds the bundles once; installs the pinned Claude Code and Codex CLIs for the e2e tests when missing.
    globalSetup: ['test/global-env.ts', 'test/global-setup.ts', 'test/e2e/clients/global-setup.ts'],
    // No developer git config, one temporary root per run (test/global-env.ts, issue #27).
    setupFiles: ['test/setup-env.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
