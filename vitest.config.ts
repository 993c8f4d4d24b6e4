import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    // Installs the pinned Claude Code and Codex CLIs for the end-to-end tests when they are missing.
    globalSetup: ['test/e2e/clients/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
