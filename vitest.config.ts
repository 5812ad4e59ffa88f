import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { linguiMacros } from './scripts/lingui-macro.mjs';

// Projects: unit (node), web (components in jsdom), and the API tests twice, once per database.
const apiProject = (db: 'pglite' | 'postgres') => ({
  plugins: [linguiMacros()],
  test: {
    name: `api-${db}`,
    include: ['src/server/**/*.api.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    provide: { dbKind: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on our 2-core machines. Most test time
    // is waiting on PostgreSQL, a server process or the network, so two workers take the suite from
    // 650 s to 395 s there, with no test slower than its timeouts (docs/performance.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins: [linguiMacros()],
        test: {
          name: 'unit',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['src/server/**/*.api.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [linguiMacros(), react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
      apiProject('pglite'),
      apiProject('postgres'),
    ],
  },
});
