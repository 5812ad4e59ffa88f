import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { OutputBundle } from 'rolldown';
import sharp from 'sharp';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
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

/** The icons' ground: white, as the navbar the logo sits on in the app. */
const ICON_BACKGROUND = '#ffffff';

/** The app's PNG icons: name → [size in px, the logo's share of it]. */
const APP_ICONS: Record<string, [number, number]> = {
  'icon-192.png': [192, 0.84],
  'icon-512.png': [512, 0.84],
  // A launcher's mask may leave only the middle 80 %: the logo keeps inside it.
  'icon-maskable-512.png': [512, 0.6],
};

async function appIcon(size: number, logoShare: number): Promise<Buffer> {
  const logo = await sharp(readFileSync('public/favicon.svg'), { density: 72 * 16 })
    .resize(Math.round(size * logoShare))
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: ICON_BACKGROUND } })
    .composite([{ input: logo, gravity: 'center' }])
    .png()
    .toBuffer();
}

/**
 * The installable app's own files (docs/decisions/0043-installable-app.md), written by the build
 * for the service worker to keep: the PNG icons public/manifest.webmanifest names, drawn from
 * public/favicon.svg so the one logo stays the one source, and the offline page
 * (src/web/offline/) with the built Bangla face's hashed name.
 */
function installableAppFiles(): Plugin {
  return {
    name: 'laptop-haat-installable-app-files',
    // Development serves the icons too, so the manifest the app names there is whole.
    configureServer(server) {
      server.middlewares.use('/icons', (req, res, next) => {
        const icon = APP_ICONS[req.url?.slice(1) ?? ''];
        if (!icon) return next();
        appIcon(...icon).then((png) => res.setHeader('content-type', 'image/png').end(png), next);
      });
    },
    async generateBundle(_options, bundle) {
      for (const [name, [size, share]] of Object.entries(APP_ICONS))
        this.emitFile({ type: 'asset', fileName: `icons/${name}`, source: await appIcon(size, share) });
      const face = Object.keys(bundle).find((file) => /noto-sans-bengali-bengali-400-normal-[\w-]+\.woff2$/.test(file));
      if (!face) throw new Error('the build has no Bangla face for the offline page (docs/i18n.md#type)');
      const page = readFileSync('src/web/offline/offline.html', 'utf8').replace('%BANGLA_FACE%', `/${face}`);
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: page });
      this.emitFile({ type: 'asset', fileName: 'offline.js', source: readFileSync('src/web/offline/offline.js') });
    },
  };
}

/**
 * The service worker (src/web/sw/sw.ts, docs/decisions/0043-installable-app.md), built on its own
 * and written to /sw.js with the list of files it keeps: the hashed scripts, stylesheet and font,
 * the icons and the offline page. The app registers it itself (src/web/app/installable-app.ts) and
 * names its own manifest (public/manifest.webmanifest).
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/web/sw',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  includeManifestIcons: false,
  injectManifest: {
    globPatterns: ['assets/*.{js,css,woff2}', 'icons/*.png', 'offline.html', 'offline.js'],
  },
});

/**
 * A lazy import's preload list without the chunks its importer has already loaded: Vite names every
 * chunk of the imported module's graph, the first load's own among them, and the entry carries one
 * such list for each of its ~40 lazy pages. A chunk the importing chunk imports statically (or the
 * importer itself) is loaded before the import can run, so naming it again only weighed the first load.
 */
function preloadWhatIsMissing() {
  let bundle: OutputBundle = {};
  const loadedBy = new Map<string, Set<string>>();
  /** The chunk and every chunk it imports statically, at any depth. */
  const loaded = (host: string): Set<string> => {
    let files = loadedBy.get(host);
    if (files) return files;
    files = new Set();
    const visit = (file: string) => {
      if (files.has(file)) return;
      files.add(file);
      const chunk = bundle[file];
      if (chunk?.type === 'chunk') for (const next of chunk.imports) visit(next);
    };
    visit(host);
    loadedBy.set(host, files);
    return files;
  };
  const plugin: Plugin = {
    name: 'laptop-haat-preload-what-is-missing',
    apply: 'build',
    // Before Vite writes the lists (its import analysis runs in generateBundle too).
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
        loadedBy.clear();
      },
    },
  };
  const resolveDependencies = (_file: string, deps: string[], { hostId }: { hostId: string }) =>
    deps.filter((dep) => !loaded(hostId).has(dep));
  return { plugin, resolveDependencies };
}

const preloads = preloadWhatIsMissing();

export default defineConfig({
  plugins: [
    linguiMacros(),
    react(),
    tailwindcss(),
    serverRendering(),
    inlineFavicon(),
    installableAppFiles(),
    preloads.plugin,
    serviceWorker,
  ],
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // Read by scripts/page-preloads.mjs (which pages need which chunks), then deleted.
    manifest: true,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
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
