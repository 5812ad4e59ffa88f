// `web.phone_filter_ms` (docs/performance.md#filters-on-a-phone): on a phone (360 × 740, touch) with
// the CPU slowed 4× (Chromium's `Emulation.setCPUThrottlingRate`), how long after the search API's
// answer has arrived the new results are on screen, when a visitor applies a sort or a filter on
// /search. Median of 5: the sort applied beside the results and a filter applied from the drawer,
// in turn. The answer's arrival is its Resource Timing `responseEnd`; "on screen" is the end of the
// first frame after the results changed (a task posted from that frame's requestAnimationFrame runs
// once it has been styled, laid out and painted).
import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from '../scripts/chromium.ts';

export const PHONE_FILTER_RUNS = Number(process.env.PHONE_FILTER_RUNS ?? 5);
export const PHONE_CPU_SLOWDOWN = 4;
/** A 360 × 740 touch phone at 2 device pixels per CSS pixel. */
export const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

export interface PhoneFilterRun {
  action: string;
  /** From the answer's arrival to the results on screen. */
  ms: number;
  /** From the press to the answer's arrival (the API and the network, for comparison). */
  api_ms: number;
}

/**
 * Arms the page: `window.__phoneFilter` resolves once the cards differ from now and a frame showing
 * them has passed. A string, not a function: tsx's names for functions (`__name`) do not exist in
 * the page.
 */
const ARM = `(() => {
  const cards = () => [...document.querySelectorAll('main article h2 a')].map((a) => a.getAttribute('href')).join('\\n');
  const before = cards();
  const started = performance.now();
  performance.clearResourceTimings();
  window.__phoneFilter = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (cards() === before || document.querySelector('[aria-busy="true"]')) return;
      observer.disconnect();
      // A card skipped by content-visibility is a blank box: wait for a frame that paints the first one.
      const heading = document.querySelector('main article h2');
      let frames = 0;
      const frame = () => {
        frames++;
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          if (heading && !heading.checkVisibility({ contentVisibilityAuto: true })) return requestAnimationFrame(frame);
          const answer = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/laptops')).at(-1);
          resolve({ responseEnd: answer ? answer.responseEnd : NaN, shown: performance.now(), started, frames });
        };
        channel.port2.postMessage(null);
      };
      requestAnimationFrame(frame);
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
})()`;

async function arm(page: Page) {
  await page.evaluate(ARM);
}

async function settle(page: Page) {
  const result = (await page.evaluate('window.__phoneFilter')) as {
    responseEnd: number;
    shown: number;
    started: number;
    frames: number;
  };
  if (result.frames > 1)
    console.log(`  (the first card was painted ${result.frames} frames after the results changed)`);
  if (!Number.isFinite(result.responseEnd)) throw new Error('no answer of /api/laptops was seen');
  return { ms: result.shown - result.responseEnd, api_ms: result.responseEnd - result.started };
}

const SORTS = ['price_asc', 'price_desc', 'newest'] as const;
const CATEGORIES = ['gaming', 'premium', 'casual'] as const;

/** One sort, chosen in the select beside the results. */
async function applySort(page: Page, run: number): Promise<PhoneFilterRun> {
  const current = await page.locator('#sort').inputValue();
  const next = SORTS.filter((s) => s !== current)[run % 2]!;
  await arm(page);
  await page.locator('#sort').selectOption(next);
  return { action: `sort ${next}`, ...(await settle(page)) };
}

/** One filter, chosen in the drawer and applied with its button (the drawer closes). */
async function applyFilter(page: Page, run: number): Promise<PhoneFilterRun> {
  const category = CATEGORIES[run % CATEGORIES.length]!;
  await page.locator('label[for="search-filters-drawer"]').first().click();
  await page.locator('#filter-category').selectOption(category);
  await arm(page);
  await page.getByRole('button', { name: 'Show laptops' }).click();
  return { action: `category ${category}`, ...(await settle(page)) };
}

const median = (xs: number[]) => {
  const s = xs.toSorted((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Opens /search as a phone, then applies a sort and a filter in turn, PHONE_FILTER_RUNS times. */
export async function measurePhoneFilter(baseUrl: string): Promise<{ median_ms: number; runs: PhoneFilterRun[] }> {
  const browser: Browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ ...PHONE, locale: 'en-US' });
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await page.goto(`${baseUrl}/search`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
    const runs: PhoneFilterRun[] = [];
    for (let i = 0; i < PHONE_FILTER_RUNS; i++) {
      const run = i % 2 === 0 ? await applySort(page, i) : await applyFilter(page, i);
      run.ms = Math.round(run.ms);
      run.api_ms = Math.round(run.api_ms);
      runs.push(run);
      console.log(`  phone ${run.action}: ${run.ms} ms after the answer (answer after ${run.api_ms} ms)`);
      await page.waitForLoadState('networkidle');
    }
    return { median_ms: Math.round(median(runs.map((r) => r.ms))), runs };
  } finally {
    await browser.close();
  }
}

// Run alone against a server already listening: `tsx bench/phone-filter.ts http://127.0.0.1:3000`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measurePhoneFilter(process.argv[2] ?? 'http://127.0.0.1:3000');
  console.log(`web.phone_filter_ms: ${result.median_ms}`);
}
