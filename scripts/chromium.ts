// The system Chromium (README.md#tests) for the browser tests and the Lighthouse benchmark:
// CHROME_PATH, else Debian's /usr/bin/chromium, else Playwright's own if one happens to be
// installed. Browser downloads do not work here, so never fetch one: say how to get one instead.
import { existsSync } from 'node:fs';

/** Headless flags for a sandbox-less machine that must not reach the internet. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(fallback?: string): string {
  const candidates = [process.env.CHROME_PATH ?? '/usr/bin/chromium', fallback].filter(Boolean) as string[];
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      `No Chromium found (looked at ${candidates.join(', ')}). Install one with: apt-get install -y chromium ` +
        '(or set CHROME_PATH to a Chromium or Chrome binary).',
    );
  }
  return found;
}
