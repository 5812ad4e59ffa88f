// Bundles the server's own code (src/server + src/shared) into dist/server/server.js;
// packages stay external and load from node_modules.
import { build } from 'esbuild';
import { linguiMacrosEsbuild } from './lingui-macro.mjs';

await build({
  entryPoints: ['src/server/server.ts', 'src/server/cli.ts'],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [linguiMacrosEsbuild({ strip: true })],
});
console.log('built dist/server');
