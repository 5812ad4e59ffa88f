// Development: the API with reload (tsx watch) on :3000 and Vite's dev server on :5173, which
// renders pages with hot reload and proxies /api (vite.config.ts, docs/rendering.md).
import { spawn } from 'node:child_process';

const procs = [
  spawn(
    'npx',
    ['tsx', 'watch', '--clear-screen=false', '--import', './scripts/lingui-register.mjs', 'src/server/server.ts'],
    { stdio: 'inherit' },
  ),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
