import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The project root, found from this module whether it runs from src/ (tsx, vitest) or from the
// bundled dist/server/server.js.
function findRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('package.json not found above the server module');
    dir = up;
  }
  return dir;
}

export const rootDir = findRoot(dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = join(rootDir, 'src/server/platform/db/migrations');

/** How many migrations this build ships (drizzle's journal): /readyz and db:restore compare with it. */
export function shippedMigrations(): number {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}
export const webDistDir = join(rootDir, 'dist/web');
