import type { Locale } from '../../shared/locale.ts';

// The modules of each language's catalogs that the browser loads lazily (i18n.ts imports them),
// named as the build's manifest names them, so a page can name their chunks in its head beside its
// route's (entry-server.tsx `pageModules`): otherwise the browser asks for them only once the entry
// has run, one round trip after it. Kept out of i18n.ts, which is in every page's first load. The
// browser test "the head names every script the first load runs" (e2e/rendering.spec.ts) fails when
// a page loads one its head does not name.

/** The first load's messages (and Bangla's number formats), loaded before the app renders. */
export const FIRST_CATALOG_MODULES: Record<Locale, readonly string[]> = {
  en: [],
  bn: ['src/web/locales/bn/first.ts', 'src/web/lib/format-bn.ts'],
};

/** The messages of every page beyond the first load, loaded with the first lazy page. */
export const PAGE_CATALOG_MODULES: Record<Locale, readonly string[]> = {
  en: ['src/web/i18n/pages-en.ts'],
  bn: ['src/web/i18n/pages-bn.ts'],
};

/** The heart's own messages, loaded with it once a first-load page with hearts (the home page) has hydrated. */
export const HEART_CATALOG_MODULES: Record<Locale, readonly string[]> = {
  en: ['src/web/features/wishlist/locales/en.ts'],
  bn: ['src/web/features/wishlist/locales/bn.ts'],
};
