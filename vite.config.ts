import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { linguiMacros } from './scripts/lingui-macro.mjs';
import { languageCookie, pageLanguage } from './src/server/features/pages/language.ts';
import { pageTemplate } from './src/server/features/pages/template.ts';

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

/** public/favicon.svg as a data: URL. */
function faviconDataUrl(): string {
  return `data:image/svg+xml,${encodeURIComponent(readFileSync('public/favicon.svg', 'utf8').trim())}`;
}

/**
 * The build writes the icon (public/favicon.svg, 0.5 KiB) into the page's `<link rel="icon">` and
 * the manifest's icons instead of linking it: the browser asked for it twice during a first load,
 * and with the Bangla face those two requests put the first paint's requests past the six
 * connections a browser opens to one HTTP/1.1 origin (docs/performance.md). public/favicon.svg stays
 * for anything that asks for /favicon.svg.
 */
function inlineFavicon(): Plugin {
  let dataUrl = '';
  return {
    name: 'laptop-haat-inline-favicon',
    apply: 'build',
    buildStart() {
      dataUrl = faviconDataUrl();
    },
    transformIndexHtml(html) {
      const link = '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />';
      if (!html.includes(link)) throw new Error(`index.html must link its icon as ${link}`);
      return html.replace(link, `<link rel="icon" href="${dataUrl}" type="image/svg+xml" />`);
    },
    writeBundle(options) {
      const file = join(options.dir ?? 'dist/web', 'manifest.webmanifest');
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { icons: { src: string }[] };
      for (const icon of manifest.icons) if (icon.src === '/favicon.svg') icon.src = dataUrl;
      writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}

export default defineConfig({
  plugins: [linguiMacros(), react(), tailwindcss(), serverRendering(), inlineFavicon()],
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
