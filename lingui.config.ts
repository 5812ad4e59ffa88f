import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { FIRST_LOAD_PAGES } from './src/web/app/route-table.ts';

// The web app's messages in English (the source, word for word the spec's) and Bangla
// (docs/decisions/0020, docs/i18n.md). Catalogs are split so that a page downloads only what it
// shows: `first` holds the messages of the first load (what `/` renders before any lazy page),
// each feature has its own catalog, and `pages` holds the rest of the app's own screens. The
// compiled catalogs (`*.ts` beside each `.po`) are what the app imports; `npm run i18n` rebuilds
// them and a test fails when they are not current.
//
// LINGUI_ONLY=<feature> (or `first`, `pages` or `errors`) limits extraction and compilation to that one
// catalog, so that work on different features does not rewrite each other's catalogs.

/** The files the first load runs that hold messages (scripts/initial-js.ts weighs that load). */
export const FIRST_LOAD = [
  'src/web/app/layout/app-shell.tsx',
  'src/web/app/layout/footer.tsx',
  'src/web/app/layout/language-switch.tsx',
  'src/web/app/layout/navbar.tsx',
  'src/web/app/layout/root-layout.tsx',
  // The pages in the entry chunk (the route table's).
  ...FIRST_LOAD_PAGES,
  'src/web/app/guards.ts',
  'src/web/components/laptop-image.tsx',
  'src/web/components/load-error.tsx',
  'src/web/components/page-head.tsx',
  'src/web/components/section-heading.tsx',
  'src/web/components/spinner.tsx',
  'src/web/lib/format.ts',
  'src/web/lib/site.ts',
  'src/web/features/auth/hooks/use-google-return.ts',
  'src/web/features/catalog/components/advertised-section.tsx',
  'src/web/features/catalog/components/categories-section.tsx',
  'src/web/features/catalog/components/category-icon.tsx',
  'src/web/features/catalog/components/laptop-card.tsx',
  'src/web/features/catalog/components/laptop-grid.tsx',
  'src/web/features/catalog/components/laptop-specs.ts',
  'src/web/components/seller-rating.tsx',
  'src/web/features/catalog/components/verified-mark.tsx',
  'src/web/features/home/',
  'src/web/features/search/components/search-box.tsx',
  'src/web/features/services/components/',
  'src/web/features/wishlist/components/lazy-wishlist-button.tsx',
  'src/web/i18n/labels.ts',
];

const root = (path: string) => `<rootDir>/${path}`;
/** Exclusions are globs: a directory's files are `dir/**`. */
const excluded = (path: string) => root(path.endsWith('/') ? `${path}**` : path);
const NOT_MESSAGES = ['**/*.test.*', '**/test/**', '**/locales/**'];
const only = process.env.LINGUI_ONLY;

const first = { path: root('src/web/locales/{locale}/first'), include: FIRST_LOAD.map(root), exclude: NOT_MESSAGES };
const features = {
  path: root(`src/web/features/${only ?? '{name}'}/locales/{locale}`),
  include: [root(`src/web/features/${only ?? '{name}'}/`)],
  exclude: [...FIRST_LOAD.map(excluded), ...NOT_MESSAGES],
};
/** The words of the API's error codes (src/shared/error-messages.ts): the server and the web app say them. */
const errors = {
  path: root('src/shared/locales/{locale}/errors'),
  include: [root('src/shared/')],
  exclude: NOT_MESSAGES,
};
const pages = {
  path: root('src/web/locales/{locale}/pages'),
  include: ['src/web/app/', 'src/web/components/', 'src/web/lib/', 'src/web/i18n/'].map(root),
  exclude: [...FIRST_LOAD.map(excluded), ...NOT_MESSAGES],
};

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'bn'],
  fallbackLocales: { default: 'en' },
  catalogs:
    only === 'first'
      ? [first]
      : only === 'pages'
        ? [pages]
        : only === 'errors'
          ? [errors]
          : only
            ? [features]
            : [first, features, pages, errors],
  compileNamespace: 'ts',
  format: formatter({ lineNumbers: false }),
});
