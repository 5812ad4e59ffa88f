// The languages of Laptop Haat (docs/i18n.md): English, the spec's, and Bangla. The server picks
// one per page request (`?lang=`, then the `lang` cookie, then Accept-Language) and renders it; the
// browser keeps it for the life of the page.

export const LOCALES = ['en', 'bn'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** The query parameter that selects a language in a shared link, and the cookie that remembers it. */
export const LANG_PARAM = 'lang';
export const LANG_COOKIE = 'lang';

/** Each language's own name, as the switch shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', bn: 'বাংলা' };

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'bn';
}
