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
  const gzKib = files.reduce((sum, f) => sum + f.gzBytes, 0) / 1024;
  return { files, gzKib: Math.round(gzKib * 10) / 10 };
}
