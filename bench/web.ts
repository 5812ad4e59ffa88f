// The web half of `npm run bench` (issue 8): initial JavaScript of the built client, bytes `/`
// transfers, and Lighthouse (mobile preset, its default) on `/`, `/blog` and `/login` in the
// system Chromium.
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { initialJs } from '../scripts/initial-js.ts';

export const LIGHTHOUSE_PAGES = ['/', '/blog', '/login'] as const;

export interface PageScores {
  performance: number;
  accessibility: number;
  best_practices: number;
  seo: number;
  cls: number;
}

export interface WebResults {
  initial_js_gz_kib: number;
  transfer_kib: number;
  lighthouse: Record<string, PageScores>;
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function chromePath(): string {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`No Chromium at ${path}: apt-get install -y chromium, or set CHROME_PATH`);
  return path;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

export async function measureWeb(baseUrl: string, webDir: string): Promise<WebResults> {
  const chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags: CHROME_FLAGS });
  const pages: Record<string, PageScores> = {};
  let transferBytes = 0;
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      const result = await lighthouse(`${baseUrl}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) throw new Error(`Lighthouse on ${page}: ${runtimeError.message}`);
      pages[page] = {
        performance: score(categories.performance?.score),
        accessibility: score(categories.accessibility?.score),
        best_practices: score(categories['best-practices']?.score),
        seo: score(categories.seo?.score),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      };
      if (page === '/') transferBytes = audits['total-byte-weight']?.numericValue ?? 0;
      const failing = Object.values(audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
        .filter((a) => a.scoreDisplayMode === 'binary' || (a.score ?? 1) < 0.9)
        .map((a) => a.id);
      if (failing.length) console.log(`lighthouse ${page}: below full marks: ${failing.join(', ')}`);
    }
  } finally {
    chrome.kill();
  }
  return {
    initial_js_gz_kib: initialJs(webDir).gzKib,
    transfer_kib: Math.round((transferBytes / 1024) * 10) / 10,
    lighthouse: pages,
  };
}
