import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_KIB, initialJs } from './initial-js.ts';

// The performance budget of issue 8 as a test: build the client exactly as `npm run build` does
// (into a scratch directory, so a stale dist/ cannot hide a regression) and weigh what `/` loads.
describe('the web client', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'laptop-haat-budget-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it(`loads at most ${INITIAL_JS_BUDGET_KIB} KiB of gzipped JavaScript before / renders`, () => {
    const env = { ...process.env };
    delete env.NODE_ENV; // vitest sets 'test'; a production build must not inherit it
    const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'error'], {
      env,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);

    const { files, gzKib } = initialJs(outDir);
    const detail = files.map((f) => `${f.file} ${(f.gzBytes / 1024).toFixed(1)} KiB`).join(', ');
    expect(gzKib, `initial JS ${gzKib} KiB gzip: ${detail}`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KIB);
    // zod belongs to the pages with forms, never to the first load.
    for (const f of files) expect(readFileSync(join(outDir, f.file), 'utf8'), f.file).not.toContain('ZodError');
  }, 120_000);
});
