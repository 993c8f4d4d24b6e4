// Runs only the real-client e2e tests: npx vitest run --config test/e2e/clients/vitest.config.ts
// (`npm test` runs them too, through the root config.)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export default defineConfig({
  root,
  test: {
    include: ['test/e2e/clients/**/*.test.ts'],
    globalSetup: ['test/global-env.ts', 'test/e2e/clients/global-setup.ts'],
    setupFiles: ['test/setup-env.ts'],
    testTimeout: 300_000,
    hookTimeout: 900_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
