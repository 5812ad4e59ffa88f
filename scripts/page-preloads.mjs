// After `vite build`, before compress-web: which files each page needs beyond what index.html
// already loads, written to dist/web/preloads.json for the server (src/server/features/pages/preloads.ts).
// Without it the browser discovers a lazy page's chunks only after the entry script has downloaded
// and run: one more round trip before /login or /blog can paint. Reads Vite's manifest, then
// deletes it (nothing to serve).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2] ?? 'dist/web';
const ENTRY = 'index.html';
const LAYOUT = 'src/web/app/layout/dashboard-layout.tsx';
const page = (name) => `src/web/app/routes/${name}.tsx`;

// The client's routes (src/web/app/routes.tsx) with the modules each one imports lazily.
// A renamed page fails the build here rather than silently losing its preload.
const PAGES = [
  { path: '/blog', modules: [page('blog-page')] },
  { path: '/login', modules: [page('login-page')] },
  { path: '/signup', modules: [page('signup-page')] },
  { path: '/forgot-password', modules: ['src/web/features/auth/components/forgot-password-page.tsx'] },
  { path: '/reset-password', modules: ['src/web/features/auth/components/reset-password-page.tsx'] },
  { path: '/about', modules: [page('site-pages')] },
  { path: '/stay-safe', modules: [page('site-pages')] },
  { path: '/contact', modules: [page('site-pages')] },
  { path: '/category/:name', modules: [page('category-page')] },
  { path: '/search', modules: [page('search-page')] },
  // '/laptops/:id/:slug?': the server matches whole paths, so both lengths are listed.
  { path: '/laptops/:id', modules: [page('listing-page')] },
  { path: '/laptops/:id/:slug', modules: [page('listing-page')] },
  { path: '/dashboard', modules: [LAYOUT, page('dashboard-home-page')] },
  { path: '/dashboard/myWishlist', modules: [LAYOUT, page('wishlist-page')] },
  { path: '/dashboard/myOrders', modules: [LAYOUT, page('dashboard/my-orders-page')] },
  { path: '/dashboard/payment/:id', modules: [LAYOUT, page('dashboard/payment-page')] },
  { path: '/dashboard/addAProduct', modules: [LAYOUT, page('dashboard/add-product-page')] },
  { path: '/dashboard/myProducts', modules: [LAYOUT, page('dashboard/my-products-page')] },
  { path: '/dashboard/myBuyers', modules: [LAYOUT, page('dashboard/my-buyers-page')] },
  { path: '/dashboard/allBuyers', modules: [LAYOUT, page('dashboard/all-buyers-page')] },
  { path: '/dashboard/allSellers', modules: [LAYOUT, page('dashboard/all-sellers-page')] },
  { path: '/dashboard/reports', modules: [LAYOUT, page('dashboard/reports-page')] },
];

const manifestFile = join(root, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`${manifestFile} is missing: vite.config.ts must set build.manifest`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

// A module and every chunk it imports statically, as manifest keys.
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build: update PAGES in scripts/page-preloads.mjs`);
  seen.add(key);
  for (const dependency of chunk.imports ?? []) closure(dependency, seen);
  return seen;
}

const alreadyLoaded = closure(ENTRY);
const pages = PAGES.map(({ path, modules = [] }) => {
  const needed = new Set();
  for (const module of modules) for (const key of closure(module)) if (!alreadyLoaded.has(key)) needed.add(key);
  return { path, scripts: [...needed].map((key) => `/${manifest[key].file}`) };
});

writeFileSync(join(root, 'preloads.json'), `${JSON.stringify(pages, null, 2)}\n`);
rmSync(join(root, '.vite'), { recursive: true, force: true });
console.log(`preloads for ${pages.length} pages written to ${join(root, 'preloads.json')}`);
