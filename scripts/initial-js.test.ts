import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES, type Page } from '../src/web/app/route-table.ts';
import { INITIAL_JS_BUDGET_KIB, initialJs } from './initial-js.ts';

// The performance budget (docs/performance.md#targets) as a test: build the client exactly as
// `npm run build` does (into a scratch directory, so a stale dist/ cannot hide a regression) and
// weigh what `/` loads.
describe('the web client', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'laptop-haat-budget-'));
  beforeAll(() => {
    const env = { ...process.env };
    delete env.NODE_ENV; // vitest sets 'test'; a production build must not inherit it
    const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'error'], {
      env,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    const preloads = spawnSync('node', ['scripts/page-preloads.mjs', outDir], { encoding: 'utf8' });
    expect(preloads.status, preloads.stderr).toBe(0);
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it(`loads at most ${INITIAL_JS_BUDGET_KIB} KiB of gzipped JavaScript before / renders`, () => {
    const { files, gzBytes } = initialJs(outDir);
    const detail = files.map((f) => `${f.file} ${f.gzBytes} bytes`).join(', ');
    // In bytes: a total rounded to 0.1 KiB first let 130.0 pass 18 bytes over the budget.
    expect(gzBytes, `initial JS ${gzBytes} bytes gzip: ${detail}`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KIB * 1024);
    // zod belongs to the pages with forms, never to the first load.
    for (const f of files) expect(readFileSync(join(outDir, f.file), 'utf8'), f.file).not.toContain('ZodError');
  });

  it('lists for each lazily loaded module the chunks it needs beyond the first load, and removes the manifest', () => {
    const preloads: Record<string, string[]> = JSON.parse(readFileSync(join(outDir, 'preloads.json'), 'utf8'));
    const firstLoad = new Set(initialJs(outDir).files.map((f) => f.file));

    // Every page of the route table but those in the first load (the home page) has its chunks listed.
    for (const page of Object.values(PAGES) as Page[]) {
      expect(Object.hasOwn(preloads, page.module), page.module).toBe(!page.firstLoad);
    }
    const login = preloads[PAGES.login.module] ?? [];
    expect(login[0]).toMatch(/^\/assets\/login-page-[\w-]+\.js$/);
    // The login form validates with zod: its chunk comes with the page, not after it.
    expect(login.some((file) => readFileSync(join(outDir, file), 'utf8').includes('ZodError'))).toBe(true);
    for (const [module, scripts] of Object.entries(preloads)) {
      for (const file of scripts) {
        expect(existsSync(join(outDir, file)), `${module}: ${file}`).toBe(true);
        expect(firstLoad.has(file), `${module} preloads ${file}, which / already loads`).toBe(false);
      }
    }
    expect(preloads[PAGES.dashboard.module]?.some((f) => f.includes('dashboard-layout'))).toBe(true);
    expect(existsSync(join(outDir, '.vite'))).toBe(false);
  });
});
