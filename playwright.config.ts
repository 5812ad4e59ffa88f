import { chromium, defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from './scripts/chromium.ts';

const isCI = Boolean(process.env.CI);
// Several checkouts on one machine each run their browser tests on a port of their own.
const port = process.env.E2E_PORT ?? '3100';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: isCI,
  workers: 2,
  retries: isCI ? 1 : 0,
  reporter: 'list',
  // Two workers share one 2-core machine with the server; give assertions room under that load.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath(chromium.executablePath()),
          args: CHROMIUM_FLAGS,
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/services`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
