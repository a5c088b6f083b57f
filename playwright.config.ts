import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Each run gets its own port and folder, so parallel runs on one machine never meet.
// Set here, in the main process, before the workers start (they inherit the environment).
process.env.VIGIE_TEST_RUN ||= String(process.pid);
process.env.E2E_PORT ||= String(3200 + (Number(process.env.VIGIE_TEST_RUN) % 700));
process.env.VIGIE_E2E_DIR ||= path.join(__dirname, 'var', `e2e-${process.env.VIGIE_TEST_RUN}`);
const port = Number(process.env.E2E_PORT);

/** End-to-end tests in Debian's chromium against the real server started by the global setup. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
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
