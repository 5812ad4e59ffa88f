// The web half of `npm run bench` (docs/performance.md): initial JavaScript of the built client,
// bytes `/` transfers, and Lighthouse (mobile preset, its default) on `/`, `/blog` and `/login` in
// the system Chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_FLAGS, chromiumPath } from '../scripts/chromium.ts';
import { initialJs } from '../scripts/initial-js.ts';

export const LIGHTHOUSE_PAGES = ['/', '/blog', '/login'] as const;

export interface PageScores {
  performance: number;
  accessibility: number;
  best_practices: number;
  seo: number;
  cls: number;
  /** Largest Contentful Paint and Total Blocking Time of the median run, simulated slow 4G phone. */
  lcp_ms: number;
  tbt_ms: number;
}

export interface WebResults {
  initial_js_gz_kib: number;
  transfer_kib: number;
  lighthouse: Record<string, PageScores>;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

// Lighthouse's variability guide: five runs and the median run (by FCP and TTI, not by score)
// halve the spread of a single run.
export const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

// A Chromium that dies mid-run leaves Lighthouse waiting forever: fail the run instead.
const AUDIT_TIMEOUT_MS = 180_000;

async function audit(url: string, port: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Lighthouse on ${url} gave no answer in 3 minutes`)), AUDIT_TIMEOUT_MS);
  });
  const result = await Promise.race([
    lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    }),
    timeout,
  ]).finally(() => clearTimeout(timer));
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.message}`);
  const scores: PageScores = {
    performance: score(categories.performance?.score),
    accessibility: score(categories.accessibility?.score),
    best_practices: score(categories['best-practices']?.score),
    seo: score(categories.seo?.score),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    lcp_ms: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    tbt_ms: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
  };
  const failing = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
    .filter((a) => a.scoreDisplayMode === 'binary' || (a.score ?? 1) < 0.9)
    .map((a) => a.id);
  return { lhr: result.lhr, scores, transfer: audits['total-byte-weight']?.numericValue ?? 0, failing };
}

/**
 * One audit, tried again once when Lighthouse itself fails (on this machine a run now and then
 * ends in a protocol error or without a first paint); a second failure fails the bench.
 */
async function auditWithRetry(url: string, port: number) {
  try {
    return await audit(url, port);
  } catch (error) {
    console.log(`  lighthouse ${url} failed (${error instanceof Error ? error.message : error}); trying once more`);
    return audit(url, port);
  }
}

export async function measureWeb(baseUrl: string, webDir: string): Promise<WebResults> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const pages: Record<string, PageScores> = {};
  let transferBytes = 0;
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      // Lighthouse's own advice for noisy machines: several runs, report its median run.
      const runs: Awaited<ReturnType<typeof audit>>[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await auditWithRetry(`${baseUrl}${page}`, chrome.port));
      const medianLhr = computeMedianRun(runs.map((r) => r.lhr));
      const median = runs.find((r) => r.lhr === medianLhr)!;
      pages[page] = median.scores;
      if (page === '/') transferBytes = median.transfer;
      const perf = runs.map((r) => r.scores.performance).join(', ');
      console.log(`lighthouse ${page}: performance ${perf} (median ${median.scores.performance})`);
      if (median.failing.length) console.log(`  below full marks: ${median.failing.join(', ')}`);
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
