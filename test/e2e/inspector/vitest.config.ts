// Runs only the MCP Inspector e2e test: npx vitest run --config test/e2e/inspector/vitest.config.ts
// (`npm test` runs it too, through the root config). No build here: rebuild hooks/ yourself
// (`npm run build`) when the source changed; the test installs the inspector itself when missing.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export default defineConfig({
  root,
  test: {
    include: ['test/e2e/inspector/**/*.test.ts'],
    // The machine's git config and temporary folder stay out (test/global-env.ts, issue #27).
    globalSetup: ['test/global-env.ts'],
    setupFiles: ['test/setup-env.ts'],
    testTimeout: 120_000,
    hookTimeout: 900_000,
    pool: 'forks',
  },
});
