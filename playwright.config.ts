import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { freePortsSync, testRunId } from './tests/support/run-id';

// Each run gets its own id (random and dated, tests/support/run-id.ts), database, folder and free
// ports, so runs on one machine, or on one PostgreSQL server, never meet. Set here, in the main
// process, before the workers start: they inherit the environment and keep these values.
const run = testRunId();
if (!process.env.E2E_PORT || (!process.env.DATABASE_URL && !process.env.E2E_PGLITE_PORT)) {
  // The server's port, and the embedded database's (reached by the specs, tests/e2e/support/db.ts).
  const [server, pglite] = freePortsSync(2);
  process.env.E2E_PORT ||= String(server);
  if (!process.env.DATABASE_URL) process.env.E2E_PGLITE_PORT ||= String(pglite);
}
process.env.VIGIE_E2E_DIR ||= path.join(__dirname, 'var', `e2e-${run}`);
const port = Number(process.env.E2E_PORT);

/** End-to-end tests in Debian's chromium against the real server started by the global setup. */
export default defineConfig({
  testDir: 'tests/e2e',
  // The embedded database answers the long flows (a plan signed end to end: 15 s on PostgreSQL)
  // about twice slower on this 2-core machine.
  timeout: process.env.DATABASE_URL ? 30_000 : 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  globalSetup: './tests/e2e/support/global-setup.ts',
  globalTeardown: './tests/e2e/support/global-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
