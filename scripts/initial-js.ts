// The JavaScript a browser must download before `/` is interactive: the entry script of the built
// index.html and every chunk it preloads (Vite lists the entry's static imports as modulepreload
// links). Lazy route chunks are not counted: `/` never asks for them. Budget: 130 KiB gzip
// (docs/performance.md#targets).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const INITIAL_JS_BUDGET_KIB = 130;

export interface InitialJs {
  files: { file: string; bytes: number; gzBytes: number }[];
  /** The whole first load, gzipped: what the budget is checked against (130 KiB is 133,120 bytes). */
  gzBytes: number;
  /** The same in KiB, to one decimal, for reading (130.0 can be up to 50 bytes over the budget). */
  gzKib: number;
}

export function initialJs(webDir: string): InitialJs {
  const html = readFileSync(join(webDir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)].map((m) => m[1]!);
  const urls = [...new Set([...scripts, ...preloads])];
  if (scripts.length === 0) throw new Error(`${webDir}/index.html has no entry script`);
  const files = urls.map((url) => {
    const content = readFileSync(join(webDir, url.replace(/^\//, '')));
    return { file: url, bytes: content.length, gzBytes: gzipSync(content, { level: 9 }).length };
  });
  const gzBytes = files.reduce((sum, f) => sum + f.gzBytes, 0);
  return { files, gzBytes, gzKib: Math.round((gzBytes / 1024) * 10) / 10 };
}
