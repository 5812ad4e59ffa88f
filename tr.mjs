import { chromium } from '@playwright/test';

const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const path = process.argv[2] ?? '/';
const page = await b.newPage();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const events = [];
cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', {
  categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,toplevel',
  transferMode: 'ReportEvents',
});
await page.goto('http://127.0.0.1:3300' + path);
await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
await page.waitForTimeout(1500);
await cdp.send('Tracing.end');
await done;
const tid = events.find((e) => e.name === 'v8.evaluateModule')?.tid;
const tasks = events.filter((e) => e.tid === tid && e.ph === 'X' && e.dur > 50000 && /RunTask/.test(e.name));
const t0 = Math.min(...events.filter((e) => e.tid === tid && e.ts > 0).map((e) => e.ts));
for (const task of tasks) {
  const inner = events.filter(
    (e) =>
      e.tid === tid &&
      e.ph === 'X' &&
      e.ts >= task.ts &&
      e.ts + (e.dur ?? 0) <= task.ts + task.dur &&
      e !== task &&
      !/RunTask/.test(e.name),
  );
  const agg = new Map();
  for (const e of inner) {
    const url = (e.args?.data?.url ?? e.args?.data?.functionName ?? e.args?.data?.type ?? '')
      .split('/')
      .pop()
      ?.slice(0, 28);
    const k = `${e.name}(${url})`;
    agg.set(k, (agg.get(k) ?? 0) + e.dur / 1000);
  }
  console.log(
    `task at ${((task.ts - t0) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(0)} ms ::`,
    [...agg.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 7)
      .map(([k, v]) => `${k}=${v.toFixed(0)}`)
      .join(' | '),
  );
}
await b.close();
