// The registry mirror here lacks other platforms' native builds (biome, tailwind oxide, rolldown…),
// so `npm install` leaves their optional entries out of package-lock.json and `npm ci` then refuses
// the lockfile. This adds an optional stub, with the os/cpu read from the package name, for each
// missing platform package, so `npm ci` accepts the lockfile and skips them. Run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'mips64el', 'ppc64', 'riscv64', 's390x', 'wasm32'];

function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.find((t) => OS.includes(t));
  let cpu = tokens.find((t) => CPU.includes(t));
  if (!cpu && tokens.includes('gnueabihf')) cpu = 'arm';
  const libc = tokens.includes('musl') ? 'musl' : tokens.includes('gnu') ? 'glibc' : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${dep}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${dep}`]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) continue;
    const stub = { version: range.replace(/^[\^~=]/, ''), dev: entry.dev, optional: true };
    if (os) stub.os = [os];
    if (cpu) stub.cpu = [cpu];
    if (libc) stub.libc = [libc];
    if (!entry.dev) delete stub.dev;
    lock.packages[nested] = stub;
    added += 1;
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform stub(s)`);
