import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  publicDir: 'public',
  // The React API on Preact (docs/decisions/0011): the same components and libraries at a tenth of
  // react-dom's weight, which is what brings the first load under issue 8's 90 KiB budget.
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // Read by scripts/page-preloads.mjs (which pages need which chunks), then deleted.
    manifest: true,
  },
  server: {
    port: 5173,
    // The API runs as its own process in development (npm run dev); same-origin paths keep
    // cookies first-party exactly as in production, where one server serves both.
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
