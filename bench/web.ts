// The web half of `npm run bench` (docs/performance.md): initial JavaScript of the built client,
// bytes `/` transfers, and Lighthouse (mobile preset, its default) on `/`, `/search?q=dell`, `/blog`
// and `/login` in the system Chromium; then a listing with 8 photos (bench/listing.ts): its bytes on
// a phone and its Lighthouse scores under the key '/laptops'; and `/` and that listing in Bangla
// ('/?lang=bn', '/laptops?lang=bn'), with their bytes (the Bangla font included); then how fast a
// sort or a filter shows its results on a slow phone (bench/phone-filter.ts, `phone_filter_ms`),
// what a phone user feels on four pages in both languages (bench/phone.ts, `phone`), and whether
// Chromium can install the app (bench/installable.ts, `installable`).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_FLAGS, chromiumPath } from '../scripts/chromium.ts';
import { initialJs } from '../scripts/initial-js.ts';
import { type Installable, measureInstallable } from './installable.ts';
import { listingWithPhotos } from './listing.ts';
import { type PhoneResults, phonePages } from './phone.ts';
import { measurePhoneFilter } from './phone-filter.ts';

export const LIGHTHOUSE_PAGES = ['/', '/search?q=dell', '/blog', '/login'] as const;
/** The key of the listing page's scores: its address is /laptops/{id}/{slug}. */
export const LISTING_PAGE = '/laptops';
/** The same pages in Bangla (docs/i18n.md): `/` and the listing with 8 photos, chosen by ?lang=bn. */
export const BANGLA_PAGES = ['/?lang=bn', `${LISTING_PAGE}?lang=bn`] as const;

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
  /** The same in bytes, which the budget is checked against (130 KiB = 133,120 bytes). */
  initial_js_gz_bytes: number;
  transfer_kib: number;
  /** Total byte weight of a listing with 8 photos (Lighthouse's mobile run); null when not measured. */
  listing_transfer_kib: number | null;
  /** The same two in Bangla (its font included); null when not measured. */
  transfer_kib_bn: number | null;
  listing_transfer_kib_bn: number | null;
  lighthouse: Record<string, PageScores>;
  /**
   * On a phone at 4× CPU slowdown, from the search API's answer to the results on screen after a
   * sort or a filter, median of 5 (bench/phone-filter.ts); null when not measured.
   */
  phone_filter_ms: number | null;
  /** What a phone user feels on four pages in both languages (bench/phone.ts); null when not measured. */
  phone: PhoneResults | null;
  /** Whether Chromium can install the app from `/` (bench/installable.ts); null when not measured. */
  installable: Installable | null;
}

/** `phone_filter_ms`, or null (and the reason printed) when the run fails. */
export async function phoneFilterMs(baseUrl: string): Promise<number | null> {
  try {
    const { median_ms } = await measurePhoneFilter(baseUrl);
    console.log(`phone: a sort or a filter on /search shows its results ${median_ms} ms after the answer (median)`);
    return median_ms;
  } catch (e) {
    console.error(`the phone filter part failed: ${e instanceof Error ? (e.stack ?? e.message) : e}`);
    return null;
  }
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

/** The five largest transfers of a run, for a page over its byte budget: 'KiB path' each. */
function heaviest(lhr: Awaited<ReturnType<typeof audit>>['lhr']): string {
  const details = lhr.audits['network-requests']?.details as { items?: { url: string; transferSize?: number }[] };
  return (details?.items ?? [])
    .toSorted((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))
    .slice(0, 5)
    .map((i) => `${((i.transferSize ?? 0) / 1024).toFixed(1)} ${new URL(i.url).pathname}`)
    .join(', ');
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
  // Made before Chromium starts, so that the machine is quiet again for the audits. A failure
  // leaves the listing's targets unmet, not the other pages unmeasured.
  const started = performance.now();
  const listing = await listingWithPhotos(baseUrl).catch((e: Error) => {
    console.error(`the listing with 8 photos could not be made: ${e.stack ?? e.message}`);
    return undefined;
  });
  if (listing) console.log(`a listing with 8 photos at ${listing} (${Math.round(performance.now() - started)} ms)`);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const pages: Record<string, PageScores> = {};
  const audited: [key: string, path: string][] = LIGHTHOUSE_PAGES.map((p) => [p, p]);
  // The English pages first: a Bangla page sets the `lang` cookie, which Lighthouse keeps between
  // runs (it clears caches and storage, not cookies), so an English page audited after one would be
  // rendered in Bangla, with its font.
  if (listing) audited.push([LISTING_PAGE, listing]);
  audited.push([BANGLA_PAGES[0], BANGLA_PAGES[0]]);
  if (listing) audited.push([BANGLA_PAGES[1], `${listing}?lang=bn`]);
  const transfer: Record<string, number> = {};
  try {
    for (const [page, path] of audited) {
      // Lighthouse's own advice for noisy machines: several runs, report its median run.
      const runs: Awaited<ReturnType<typeof audit>>[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await auditWithRetry(`${baseUrl}${path}`, chrome.port));
      const medianLhr = computeMedianRun(runs.map((r) => r.lhr));
      const median = runs.find((r) => r.lhr === medianLhr)!;
      pages[page] = median.scores;
      transfer[page] = median.transfer;
      const perf = runs.map((r) => r.scores.performance).join(', ');
      console.log(`lighthouse ${path}: performance ${perf} (median ${median.scores.performance})`);
      if (page.startsWith(LISTING_PAGE)) {
        const kib = runs.map((r) => (r.transfer / 1024).toFixed(1)).join(', ');
        console.log(`  transferred (KiB): ${kib}; LCP ${median.scores.lcp_ms} ms, TBT ${median.scores.tbt_ms} ms`);
        console.log(`  heaviest: ${heaviest(median.lhr)}`);
      }
      if (median.failing.length) console.log(`  below full marks: ${median.failing.join(', ')}`);
    }
  } finally {
    chrome.kill();
  }
  const firstLoad = initialJs(webDir);
  const kib = (page: string) => {
    const bytes = transfer[page];
    return bytes === undefined ? null : Math.round((bytes / 1024) * 10) / 10;
  };
  return {
    initial_js_gz_kib: firstLoad.gzKib,
    initial_js_gz_bytes: firstLoad.gzBytes,
    transfer_kib: kib('/') ?? 0,
    listing_transfer_kib: kib(LISTING_PAGE),
    transfer_kib_bn: kib(BANGLA_PAGES[0]),
    listing_transfer_kib_bn: kib(BANGLA_PAGES[1]),
    lighthouse: pages,
    phone_filter_ms: await phoneFilterMs(baseUrl),
    phone: await phonePages(baseUrl, listing),
    installable: await measureInstallable(baseUrl),
  };
}
