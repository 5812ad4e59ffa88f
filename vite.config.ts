import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { linguiMacros } from './scripts/lingui-macro.mjs';
import { languageCookie, pageLanguage } from './src/server/lib/page-language.ts';
import { pageTemplate } from './src/server/lib/page-template.ts';

const API_ORIGIN = 'http://127.0.0.1:3000';

/**
 * Development only (npm run dev): Vite's server renders each page with the same entry the
 * production server uses (src/web/app/entry-server.tsx, reloaded on every change), its loaders
 * reaching the API process on :3000; the browser hydrates it with hot reload.
 */
function serverRendering(): Plugin {
  return {
    name: 'laptop-haat-server-rendering',
    apply: 'serve',
    configureServer(server) {
      return () => {
        server.middlewares.use(async (req, res, next) => {
          const url = req.originalUrl ?? req.url ?? '/';
          if (req.method !== 'GET' || url.startsWith('/api/') || !req.headers.accept?.includes('text/html'))
            return next();
          try {
            const indexHtml = await server.transformIndexHtml(url, readFileSync('index.html', 'utf8'));
            const entry = await server.ssrLoadModule('/src/web/app/entry-server.tsx');
            const origin = `http://${req.headers.host ?? 'localhost:5173'}`;
            const { locale, fromQuery } = pageLanguage(req);
            if (fromQuery) res.setHeader('set-cookie', languageCookie(locale));
            const page = await entry.renderPage(url, {
              origin,
              locale,
              fetch: (input: string, init?: RequestInit) => fetch(`${API_ORIGIN}${input}`, init),
            });
            res.statusCode = page.status;
            // A listing under an old name moves to its one address (docs/rendering.md), as in production.
            if (page.location) {
              res.setHeader('location', page.location);
              res.end();
              return;
            }
            res.setHeader('content-type', 'text/html; charset=utf-8');
            res.end(pageTemplate(indexHtml)(url.split('?')[0] ?? '/', page, locale));
          } catch (error) {
            server.ssrFixStacktrace(error as Error);
            next(error);
          }
        });
      };
    },
  };
}

export default defineConfig({
  plugins: [linguiMacros(), react(), tailwindcss(), serverRendering()],
  publicDir: 'public',
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
      '/api': { target: API_ORIGIN, changeOrigin: false },
    },
  },
});
