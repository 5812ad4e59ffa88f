// Builds the client and server when dist/ is missing or older than the sources, so `npm start`
// on a fresh clone builds once and a second start reuses the build.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const stamp = 'dist/.build-stamp';
const inputs = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build-server.mjs',
  'scripts/page-preloads.mjs',
  'scripts/compress-web.mjs',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...inputs.map(newest));
if (changed > built || !existsSync('dist/server/server.js') || !existsSync('dist/web/index.html')) {
  console.log('building Laptop Haat (client and server)…');
  execSync('npm run --silent build', { stdio: 'inherit' });
  writeFileSync(stamp, new Date().toISOString());
} else {
  console.log('build is up to date');
}
