import type { IncomingMessage } from 'node:http';
import { isLocale, LANG_COOKIE, LANG_PARAM, type Locale } from '../../../shared/locale.ts';
import { callerLocale } from '../../platform/http/language.ts';

// Which language a page is rendered in (docs/i18n.md): `?lang=` in the address (a shared link, the
// switch in the navbar, the alternates search engines follow), then the `lang` cookie the switch
// leaves, then the browser's Accept-Language; English otherwise.

const LANG_QUERY = new RegExp(`(?:^|&)${LANG_PARAM}=([^&]*)`);

/** The language `?lang=` selects, if the query names one. */
export function queryLocale(search: string | undefined): Locale | undefined {
  const value = search ? LANG_QUERY.exec(search)?.[1] : undefined;
  return isLocale(value) ? value : undefined;
}

export interface PageLanguage {
  locale: Locale;
  /** Whether the address chose it (`?lang=`): the page's canonical URL keeps the choice. */
  fromQuery: boolean;
}

export function pageLanguage(req: IncomingMessage): PageLanguage {
  const search = req.url?.split('?')[1];
  const chosen = queryLocale(search);
  if (chosen) return { locale: chosen, fromQuery: true };
  // Then as the API words its errors: the cookie, then Accept-Language.
  return { locale: callerLocale(req), fromQuery: false };
}

/** The cookie that remembers a language chosen by address, for a year. */
export function languageCookie(locale: Locale): string {
  return `${LANG_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** A key that tells apart the variants of one page address (the response cache). */
export function languageVariant(req: IncomingMessage): string {
  const { locale, fromQuery } = pageLanguage(req);
  return fromQuery ? `${locale}?` : locale;
}
