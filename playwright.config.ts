import { existsSync } from 'node:fs';
import { chromium, defineConfig, devices } from '@playwright/test';

// DESIGN.md §6: the system Chromium (CHROME_PATH, else /usr/bin/chromium), else Playwright's own
// if one happens to be installed. Never download a browser here: say how to get one instead.
function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH ?? '/usr/bin/chromium', chromium.executablePath()];
  const found = candidates.find((path) => path && existsSync(path));
  if (!found) {
    throw new Error(
      `No Chromium found (looked at ${candidates.join(', ')}). Install one with: apt-get install -y chromium ` +
        '(or set CHROME_PATH to a Chromium or Chrome binary).',
    );
  }
  return found;
}

const isCI = Boolean(process.env.CI);

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
    baseURL: 'http://127.0.0.1:3100',
    headless: true,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath(),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: 'http://127.0.0.1:3100/api/services',
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
