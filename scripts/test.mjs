// `npm test`: everything CI runs, in order, stopping at the first failing step.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['unit, component and API tests (PGlite and PostgreSQL)', 'npx', ['vitest', 'run']],
  ['build', 'node', ['scripts/ensure-build.mjs']],
  ['browser tests (Chromium)', 'npx', ['playwright', 'test']],
];

const started = Date.now();
for (const [name, cmd, args] of steps) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const { status } = spawnSync(cmd, args, { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${status})`);
    process.exit(status ?? 1);
  }
  console.log(`✓ ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
console.log(`\nall checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
