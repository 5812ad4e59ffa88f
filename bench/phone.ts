// `web.phone` (docs/performance.md#what-a-phone-user-feels-webphone, docs/decisions/0029): what a
// visitor on a slow phone feels on `/`, `/search?q=dell`, a listing with 8 photos and `/login`, in
// English and in Bangla. Each number is the median of PHONE_LOADS fresh loads (a new browser
// context each, so an empty cache and new connections) in Chromium at 360 × 740 with touch, the
// CPU slowed 4× and the network at 150 ms round trip, 1.6 Mbit/s down and 750 kbit/s up.
//
// Two kinds of load, taking turns, because a tap changes what is measured: the largest contentful
// paint is no longer reported after the first input, and a touch can change when the page starts
// its scripts (before decision 0030 a boot script that waited for the load event started them at once on a touch).
// - A load nobody touches: `lcp_ms` (the last 'largest-contentful-paint' entry) and
//   `scripts_start_ms` (the first request of one of the app's JavaScript files, /assets/*.js, by
//   Resource Timing), both from navigation start.
// - A load a visitor taps: from the moment the page has painted (first contentful paint) and the
//   navbar's menu button is in it, a tap on that button every 50 ms (CDP touch events). The menu
//   opens only through the app's handler, so `interactive_ms` is when the first tap's effect is on
//   screen: the end of the first frame after a button says aria-expanded="true". On the listing
//   (signed in as the demo buyer) the visitor then closes the menu, waits until Book Now is offered
//   and the page's own requests are done, scrolls Book Now into view and taps it:
//   `tap_to_dialog_ms` runs from that touch to the frame that shows the booking dialog. The app's hydration marker (<html data-hydrated>) is printed beside, as a check.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from '../scripts/chromium.ts';
import { startServer, stopServer } from './harness.ts';
import { listingWithPhotos } from './listing.ts';
import { PHONE, PHONE_CPU_SLOWDOWN } from './phone-filter.ts';

export const PHONE_LOADS = Number(process.env.PHONE_LOADS ?? 5);
/** The key of the listing with 8 photos (its address is /laptops/{id}/{slug}). */
export const PHONE_LISTING = '/laptops/{id}';
export const PHONE_PAGES = ['/', '/search?q=dell', PHONE_LISTING, '/login'] as const;
export const PHONE_LANGS = ['en', 'bn'] as const;
/** PHONE_ONLY=/laptops/{id},/login: only those pages (merged into the last run's `web.phone`). */
const ONLY_PAGES = process.env.PHONE_ONLY?.split(',');
type Lang = (typeof PHONE_LANGS)[number];

/** 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (bytes per second for CDP). */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const TAP_EVERY_MS = 50;
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const LOAD_TIMEOUT_MS = 45_000;

export const PHONE_TARGETS = { lcp_ms: 1_500, interactive_ms: 2_500, tap_to_dialog_ms: 200 } as const;

export interface PhonePage {
  lcp_ms: number | null;
  interactive_ms: number | null;
  scripts_start_ms: number | null;
  /** The listing only: from touching Book Now to the booking dialog on screen. */
  tap_to_dialog_ms: number | null;
}
export type PhoneResults = Record<string, Partial<Record<Lang, PhonePage>>>;

/** What a visitor sees on the controls, in each language (src/web/**\/locales). */
const LABELS: Record<Lang, { menu: string; bookNow: string }> = {
  en: { menu: 'Open menu', bookNow: 'Book Now' },
  bn: { menu: 'মেনু খুলুন', bookNow: 'এখনই বুক করুন' },
};

/**
 * Installed before any of the page's scripts (a string: tsx's helper names do not exist in the
 * page). `window.__phone` collects the page's timeline, every time from navigation start.
 */
const OBSERVE = `(() => {
  if (window.top !== window) return;
  const s = (window.__phone = { lcp: null, fcp: null, hydrated: null, expanded: null, dialog: null, touches: [] });
  // The end of the frame after now: a task posted from requestAnimationFrame runs once it is painted.
  const painted = (key) => {
    s[key] = -1;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { s[key] = performance.now(); };
      channel.port2.postMessage(null);
    });
  };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) s.lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') s.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  addEventListener('touchstart', (e) => s.touches.push(e.timeStamp), { capture: true, passive: true });
  new MutationObserver(() => {
    if (s.hydrated === null && document.documentElement.hasAttribute('data-hydrated')) s.hydrated = performance.now();
    if (s.expanded === null && document.querySelector('button[aria-expanded="true"]')) painted('expanded');
    if (s.dialog === null && document.querySelector('dialog[open]')) painted('dialog');
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-expanded', 'open', 'data-hydrated'] });
})()`;

interface Timeline {
  lcp: number | null;
  fcp: number | null;
  hydrated: number | null;
  expanded: number | null;
  dialog: number | null;
  touches: number[];
  /** The first request of an app script, from Resource Timing. */
  scripts: number | null;
}

const TIMELINE = `(() => {
  const s = window.__phone;
  if (!s) return null;
  const scripts = performance.getEntriesByType('resource')
    .filter((e) => /\\/assets\\/[^/]+\\.js$/.test(new URL(e.name).pathname))
    .map((e) => e.startTime);
  return { ...s, scripts: scripts.length ? Math.min(...scripts) : null };
})()`;

async function timeline(page: Page): Promise<Timeline | null> {
  try {
    return (await page.evaluate(TIMELINE)) as Timeline | null;
  } catch {
    return null; // the document is being replaced: not yet the page
  }
}

/** The centre of the first button named `label` (aria-label or text) once the page has painted it, else null. */
async function controlAt(page: Page, label: string, scroll = false) {
  const find = `(() => {
    if (!window.__phone || window.__phone.fcp === null) return null;
    const button = [...document.querySelectorAll('button')].find(
      (b) => b.getAttribute('aria-label') === ${JSON.stringify(label)} || b.textContent.trim() === ${JSON.stringify(label)});
    if (!button || button.disabled) return null;
    if (${scroll}) button.scrollIntoView({ block: 'center' });
    const r = button.getBoundingClientRect();
    return r.width && r.height ? { x: r.x + r.width / 2, y: r.y + r.height / 2, at: performance.now() } : null;
  })()`;
  try {
    return (await page.evaluate(find)) as { x: number; y: number; at: number } | null;
  } catch {
    return null;
  }
}

async function tap(cdp: CDPSession, at: { x: number; y: number }) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: at.x, y: at.y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `read` every TAP_EVERY_MS (after `each`, if given) until it gives a value or time runs out. */
async function until<T>(what: string, read: () => Promise<T | null | undefined>, each?: () => Promise<void>) {
  const deadline = performance.now() + LOAD_TIMEOUT_MS;
  while (performance.now() < deadline) {
    const started = performance.now();
    if (each) await each();
    const value = await read();
    if (value !== null && value !== undefined) return value;
    await sleep(Math.max(0, TAP_EVERY_MS - (performance.now() - started)));
  }
  throw new Error(`${what}: not within ${LOAD_TIMEOUT_MS / 1000} s`);
}

/** A fresh phone: new context (empty cache, no connections), slowed CPU and network. */
async function phone(browser: Browser, storageState?: StorageState) {
  const context = await browser.newContext({ ...PHONE, locale: 'en-US', storageState });
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  return { context, page, cdp };
}

interface Untouched {
  lcp: number | null;
  scripts: number | null;
  hydrated: number | null;
}

/** A load nobody touches: read once the app has hydrated (its scripts have run) and a frame has passed. */
async function untouchedLoad(browser: Browser, url: string, signedIn?: StorageState): Promise<Untouched> {
  const { context, page } = await phone(browser, signedIn);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    const t = await until('hydrated', async () => {
      const t = await timeline(page);
      return t && t.hydrated !== null && t.lcp !== null ? t : null;
    });
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100)))');
    const last = (await timeline(page)) ?? t;
    return { lcp: last.lcp, scripts: last.scripts, hydrated: last.hydrated };
  } finally {
    await context.close();
  }
}

interface Tapped {
  interactive: number;
  firstTap: number | null;
  taps: number;
  hydrated: number | null;
  scripts: number | null;
  tapToDialog: number | null;
  /** When Book Now was first seen enabled (the listing only). */
  bookNowOffered: number | null;
}

/** A load a visitor taps: the menu until it opens; on the listing, Book Now once it is offered. */
async function tappedLoad(browser: Browser, url: string, lang: Lang, signedIn?: StorageState): Promise<Tapped> {
  const { context, page, cdp } = await phone(browser, signedIn);
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
    let menu: { x: number; y: number } | null = null;
    const t = await until(
      'the first tap on the menu to take effect',
      async () => {
        const t = await timeline(page);
        return t?.expanded && t.expanded > 0 ? t : null; // -1 while the frame is still coming
      },
      async () => {
        menu ??= await controlAt(page, LABELS[lang].menu);
        if (menu) await tap(cdp, menu);
      },
    );
    const tapped: Tapped = {
      interactive: t.expanded!,
      firstTap: t.touches[0] ?? null,
      taps: t.touches.length,
      hydrated: t.hydrated,
      scripts: t.scripts,
      tapToDialog: null,
      bookNowOffered: null,
    };
    if (!signedIn) return tapped;
    // The listing: close the menu (taps sent before its opening was seen may have closed it
    // already), then Book Now as soon as it is offered.
    const menuOpen = () => page.evaluate('!!document.querySelector(\'button[aria-expanded="true"]\')');
    await until('the menu to close', async () => {
      await sleep(300);
      if (!(await menuOpen())) return true;
      await tap(cdp, menu!);
      return null;
    });
    const offered = await until('Book Now to be offered', () => controlAt(page, LABELS[lang].bookNow));
    tapped.bookNowOffered = offered.at;
    // A visitor reads the listing before booking: tap once what the page fetched on its own is in.
    await page.waitForLoadState('networkidle', { timeout: LOAD_TIMEOUT_MS });
    const book = await until('Book Now in view', () => controlAt(page, LABELS[lang].bookNow, true));
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))');
    const now = (await timeline(page))!;
    if (now.dialog !== null) throw new Error('a dialog was open before Book Now was tapped');
    const before = now.touches.length;
    await tap(cdp, book);
    const after = await until('the booking dialog', async () => {
      const t = await timeline(page);
      return t?.dialog && t.dialog > 0 ? t : null;
    });
    tapped.tapToDialog = after.dialog! - after.touches[before]!;
    return tapped;
  } finally {
    await context.close();
  }
}

/** The demo buyer's session (README.md#demo-data), signed in through the API once. */
async function demoBuyer(browser: Browser, baseUrl: string): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    const res = await context.request.post(`${baseUrl}/api/auth/sign-in/email`, {
      data: { email: 'buyer@laptophaat.test', password: 'Demo@1234' },
      headers: { origin: baseUrl },
    });
    if (!res.ok()) throw new Error(`signing the demo buyer in: ${res.status()} ${await res.text()}`);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

const median = (xs: (number | null)[]): number | null => {
  const s = xs.filter((x): x is number => x !== null).toSorted((a, b) => a - b);
  if (!s.length) return null;
  const m = s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  return Math.round(m);
};
const list = (xs: (number | null)[]) => xs.map((x) => (x === null ? '–' : Math.round(x))).join(', ');

/** Every page in both languages; `listingPath` is the 8-photo listing's address (left out when undefined). */
export async function measurePhonePages(baseUrl: string, listingPath: string | undefined): Promise<PhoneResults> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  const results: PhoneResults = {};
  try {
    const buyer = listingPath ? await demoBuyer(browser, baseUrl) : undefined;
    for (const key of PHONE_PAGES) {
      const path = key === PHONE_LISTING ? listingPath : key;
      if (!path || (ONLY_PAGES && !ONLY_PAGES.includes(key))) continue;
      const signedIn = key === PHONE_LISTING ? buyer : undefined;
      results[key] = {};
      for (const lang of PHONE_LANGS) {
        const url = `${baseUrl}${path}${lang === 'bn' ? `${path.includes('?') ? '&' : '?'}lang=bn` : ''}`;
        // One visit first, as on a site someone has opened before: the server has rendered and cached the page.
        const warm = await fetch(url, { headers: { accept: 'text/html' } });
        if (!warm.ok) throw new Error(`GET ${url}: ${warm.status}`);
        await warm.arrayBuffer();
        const untouched: Untouched[] = [];
        const tapped: Tapped[] = [];
        for (let i = 0; i < PHONE_LOADS; i++) {
          untouched.push(await untouchedLoad(browser, url, signedIn));
          tapped.push(await tappedLoad(browser, url, lang, signedIn));
        }
        const page: PhonePage = {
          lcp_ms: median(untouched.map((u) => u.lcp)),
          interactive_ms: median(tapped.map((t) => t.interactive)),
          scripts_start_ms: median(untouched.map((u) => u.scripts)),
          tap_to_dialog_ms: signedIn ? median(tapped.map((t) => t.tapToDialog)) : null,
        };
        results[key][lang] = page;
        console.log(
          `phone ${key} ${lang}: LCP ${page.lcp_ms} ms, interactive ${page.interactive_ms} ms, scripts start ${page.scripts_start_ms} ms` +
            (signedIn ? `, Book Now to dialog ${page.tap_to_dialog_ms} ms` : ''),
        );
        console.log(
          `  untouched: LCP ${list(untouched.map((u) => u.lcp))}; scripts ${list(untouched.map((u) => u.scripts))}; hydrated ${list(untouched.map((u) => u.hydrated))}`,
        );
        console.log(
          `  tapped: first tap ${list(tapped.map((t) => t.firstTap))}; menu open ${list(tapped.map((t) => t.interactive))} (${tapped.map((t) => t.taps).join(', ')} taps); ` +
            `scripts ${list(tapped.map((t) => t.scripts))}; hydrated ${list(tapped.map((t) => t.hydrated))}` +
            (signedIn
              ? `; Book Now offered ${list(tapped.map((t) => t.bookNowOffered))}, to dialog ${list(tapped.map((t) => t.tapToDialog))}`
              : ''),
        );
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** `web.phone`, or null (and the reason printed) when the part fails. */
export async function phonePages(baseUrl: string, listingPath: string | undefined): Promise<PhoneResults | null> {
  try {
    return await measurePhonePages(baseUrl, listingPath);
  } catch (e) {
    console.error(`the phone pages part failed: ${e instanceof Error ? (e.stack ?? e.message) : e}`);
    return null;
  }
}

/** ✓/✗ per page, language and target; `scripts_start_ms` is recorded, not a target. */
export function phonePagesTargets(r: PhoneResults | null | undefined): [string, boolean][] {
  const checks: [string, boolean][] = [];
  for (const key of PHONE_PAGES) {
    for (const lang of PHONE_LANGS) {
      const p = r?.[key]?.[lang];
      const where = `phone ${key} ${lang}`;
      const check = (name: keyof typeof PHONE_TARGETS, label: string) => {
        const v = p?.[name] ?? null;
        checks.push([
          `${where}: ${label} ≤ ${PHONE_TARGETS[name].toLocaleString('en')} ms (${v ?? 'not measured'}${name === 'interactive_ms' && p ? `; scripts start ${p.scripts_start_ms} ms` : ''})`,
          v !== null && v <= PHONE_TARGETS[name],
        ]);
      };
      check('lcp_ms', 'LCP');
      check('interactive_ms', 'first tap works');
      if (key === PHONE_LISTING) check('tap_to_dialog_ms', 'Book Now to dialog');
    }
  }
  return checks;
}

/**
 * BENCH_ONLY=phone-pages: a PGlite server of its own (seeded on its first start), the listing with
 * 8 photos, and `web.phone` written into the last run's bench/results.json (a failed part keeps the
 * last run's numbers). Prints the targets; returns the exit code.
 */
export async function benchPhonePagesAlone(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'laptop-haat-phone-'));
  let phone: PhoneResults | null = null;
  try {
    const server = await startServer({ DATA_DIR: dataDir, PHOTO_UPLOADS_PER_USER: '1000000' });
    try {
      const listing = await listingWithPhotos(server.url);
      console.log(`a listing with 8 photos at ${listing}`);
      phone = await phonePages(server.url, listing);
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  let last: { web?: Record<string, unknown> } = {};
  try {
    last = JSON.parse(readFileSync('bench/results.json', 'utf8'));
  } catch {
    // No earlier run: this part alone.
  }
  if (phone)
    writeFileSync(
      'bench/results.json',
      `${JSON.stringify({ ...last, web: { ...last.web, phone: { ...(last.web?.phone as object), ...phone } } }, null, 2)}\n`,
    );
  console.log(phone ? 'written bench/results.json\n' : 'bench/results.json left as it was\n');
  const checks = phonePagesTargets(phone);
  for (const [label, ok] of checks) console.log(`${ok ? '✓' : '✗'} ${label}`);
  const missed = checks.filter(([, ok]) => !ok).length;
  console.log(missed ? `\n${missed} target(s) missed` : '\nevery target met');
  return phone ? 0 : 1;
}

// Run alone against a server already listening: `tsx bench/phone.ts http://127.0.0.1:3000 [listing path]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measurePhonePages(process.argv[2] ?? 'http://127.0.0.1:3000', process.argv[3]);
  console.log(JSON.stringify(result, null, 2));
  for (const [label, ok] of phonePagesTargets(result)) console.log(`${ok ? '✓' : '✗'} ${label}`);
}
