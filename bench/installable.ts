// `web.installable` (docs/decisions/0043-installable-app.md): whether Chromium can install the app
// from `/`. Lighthouse 12 no longer audits installability, so this asks Chromium itself, as its
// install prompt does: a profile of its own (nothing installs from an incognito context), `/` opened
// until the service worker controls it, then the DevTools protocol's installability errors.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from '../scripts/chromium.ts';

export interface Installable {
  /** Chromium's installability errors for `/` (none when the app can be installed). */
  errors: string[];
}

export async function measureInstallable(baseUrl: string): Promise<Installable | null> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-installable-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      args: CHROMIUM_FLAGS,
      headless: true,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${baseUrl}/`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      const errors = installabilityErrors.map((e) => e.errorId);
      console.log(`installable: ${errors.length ? `no (${errors.join(', ')})` : 'yes'}`);
      return { errors };
    } finally {
      await context.close();
    }
  } catch (e) {
    console.error(`the installability part failed: ${e instanceof Error ? (e.stack ?? e.message) : e}`);
    return null;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}
