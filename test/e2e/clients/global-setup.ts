// vitest globalSetup: installs the pinned real clients (npm ci in test/e2e/clients) once before the
// e2e files run, outside any per-test timeout. The test files call ensureClients() too, so running a
// single file without this setup still works. `npm run test:unit` sets BUTLER_E2E=0 to skip it.
import { ensureClients } from './clients.js';

export default async function setup(): Promise<void> {
  if (process.env.BUTLER_E2E === '0') return;
  await ensureClients();
}
