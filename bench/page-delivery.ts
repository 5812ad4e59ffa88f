// Compares two ways of delivering the same pages (docs/decisions/0033): servers already running,
// each with its own address for every page (e.g. today's pages with `?b=1`, which the page cache
// never stores, beside a framework build that renders every request). For each page:
// - `rps`, `p99_ms`: server rendering throughput at 10 connections, the servers taking turns in
//   slices of SLICE_SECONDS (ROUNDS each), so a busy neighbour on the machine hits both alike;
//   with the server's `pid` given, `cpu_ms` is the server's CPU time (user + system, Linux
//   /proc) per page, which a shared machine's load disturbs far less than requests per second;
// - `js_gz_kib`: the JavaScript the browser fetched before the app marked itself hydrated
//   (`<html data-hydrated>`), each file gzipped at level 9, and `inline_gz_kib` for the page's inline
//   scripts (state, framework bootstrap);
// - `lcp_ms`, `hydrated_ms`, `scripts_start_ms`: median of PHONE_LOADS fresh loads at 360 × 740,
//   CPU 4× slower, 150 ms round trip, 1.6 Mbit/s down (from navigation start).
// Usage: tsx bench/page-delivery.ts '{"today":{"url":"http://127.0.0.1:4111","pages":{"home":"/?b=1"}},
//   "framework":{"url":"http://127.0.0.1:4112","pages":{"home":"/"}}}'
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from '../scripts/chromium.ts';
import { autocannon, checked } from './harness.ts';
import { PHONE_CPU_SLOWDOWN } from './phone-filter.ts';

const SLICE_SECONDS = Number(process.env.SLICE_SECONDS ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PHONE_LOADS = Number(process.env.PHONE_LOADS ?? 5);
const CONNECTIONS = 10;
const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };

type Setup = Record<string, { url: string; pid?: number; pages: Record<string, string> }>;

/** CPU time a process has used, in ms (user + system; the kernel counts in ticks of 10 ms). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.floor((sorted.length - 1) / 2)]!) : null;
};

/** Rendering throughput of each server's page, in alternating slices. */
async function throughput(setup: Setup, page: string) {
  const totals: Record<string, { requests: number; seconds: number; p99: number[]; cpu: number }> = {};
  for (const [name, { url, pages }] of Object.entries(setup)) {
    totals[name] = { requests: 0, seconds: 0, p99: [], cpu: 0 };
    // Warm-up: the first renders compile the code paths.
    checked(
      await autocannon({ url: `${url}${pages[page]}`, connections: CONNECTIONS, duration: 2 }),
      `${name} ${page}`,
    );
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, { url, pid, pages }] of Object.entries(setup)) {
      const cpuBefore = cpuMs(pid);
      const r = checked(
        await autocannon({ url: `${url}${pages[page]}`, connections: CONNECTIONS, duration: SLICE_SECONDS }),
        `${name} ${page}`,
      );
      totals[name]!.cpu += cpuMs(pid) - cpuBefore;
      totals[name]!.requests += r.requests.total;
      totals[name]!.seconds += SLICE_SECONDS;
      totals[name]!.p99.push(r.latency.p99);
    }
  }
  return Object.fromEntries(
    Object.entries(totals).map(([name, t]) => [
      name,
      {
        rps: Math.round(t.requests / t.seconds),
        p99_ms: Math.max(...t.p99),
        ...(Number.isNaN(t.cpu) ? {} : { cpu_ms: Math.round((t.cpu / t.requests) * 100) / 100 }),
      },
    ]),
  );
}

/** The JavaScript fetched until the page is hydrated, and its inline scripts, gzipped. */
async function pageJs(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.set(res.url(), res.body());
  });
  await page.goto(url);
  await page.waitForSelector('html[data-hydrated]', { timeout: 30_000 });
  const inline = await page.$$eval('script:not([src])', (els) =>
    els.map((e) => e.textContent ?? '').filter((t) => t.length > 0),
  );
  const bodies = await Promise.all([...scripts.values()]);
  await context.close();
  const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;
  return {
    files: scripts.size,
    js_gz_kib: Math.round(bodies.reduce((s, b) => s + gz(b), 0) / 102.4) / 10,
    inline_gz_kib: Math.round(inline.reduce((s, t) => s + gz(t), 0) / 102.4) / 10,
  };
}

// Before any of the page's scripts: the last largest paint and the moment the app marks itself hydrated.
const OBSERVE = `(() => {
  window.__lcp = 0;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  // The document: its <html> element does not exist yet when this runs.
  new MutationObserver((_, o) => {
    if (document.documentElement?.hasAttribute('data-hydrated')) { window.__hydrated = performance.now(); o.disconnect(); }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
})()`;

async function phoneLoad(browser: Browser, url: string) {
  const context = await browser.newContext({ ...PHONE, locale: 'en-US' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
  await page.addInitScript(OBSERVE);
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  // A function, not a string: the page's CSP forbids the eval a string predicate needs.
  await page.waitForFunction(() => (window as { __hydrated?: number }).__hydrated !== undefined, undefined, {
    timeout: 60_000,
  });
  const timing = (await page.evaluate(`({
    lcp: window.__lcp,
    hydrated: window.__hydrated,
    scriptsStart: Math.min(...performance.getEntriesByType('resource')
      .filter((e) => /\\/assets\\/[^?]*\\.js/.test(e.name)).map((e) => e.startTime)),
  })`)) as { lcp: number; hydrated: number; scriptsStart: number };
  await context.close();
  return timing;
}

async function main() {
  const setup = JSON.parse(process.argv[2] ?? '{}') as Setup;
  const names = Object.keys(setup);
  const pages = Object.keys(setup[names[0]!]?.pages ?? {});
  if (names.length === 0 || pages.length === 0) throw new Error('usage: see the comment at the top of this file');
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  const results: Record<string, Record<string, unknown>> = {};
  try {
    for (const page of pages) {
      results[page] = {};
      const rendered = process.env.SKIP_THROUGHPUT ? {} : await throughput(setup, page);
      const loads: Record<string, Awaited<ReturnType<typeof phoneLoad>>[]> = Object.fromEntries(
        names.map((name) => [name, []]),
      );
      // The servers' phone loads take turns too.
      for (let i = 0; i < PHONE_LOADS; i++) {
        for (const name of names) {
          const url = `${setup[name]!.url}${setup[name]!.pages[page]}`;
          loads[name]!.push(await phoneLoad(browser, url));
        }
      }
      for (const name of names) {
        const js = await pageJs(browser, `${setup[name]!.url}${setup[name]!.pages[page]}`);
        const runs = loads[name] ?? [];
        results[page]![name] = {
          ...(rendered as Record<string, object>)[name],
          ...js,
          lcp_ms: median(runs.map((l) => l.lcp)),
          hydrated_ms: median(runs.map((l) => l.hydrated)),
          scripts_start_ms: median(runs.map((l) => l.scriptsStart)),
        };
        console.log(page, name, JSON.stringify(results[page]![name]));
      }
    }
  } finally {
    await browser.close();
  }
  console.log(JSON.stringify(results, null, 2));
}

await main();
