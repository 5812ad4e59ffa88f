import type { IncomingMessage } from 'node:http';
import { parse as parseCookies } from 'cookie';
import Negotiator from 'negotiator';
import { DEFAULT_LOCALE, isLocale, LANG_COOKIE, LOCALES, type Locale } from '../../../shared/locale.ts';

/**
 * The caller's language, as pages pick theirs after `?lang=` (docs/i18n.md): the `lang` cookie the
 * language switch leaves, then the browser's Accept-Language; English otherwise. API answers word
 * their errors in it (docs/decisions/0032).
 */
export function callerLocale(req: IncomingMessage): Locale {
  const cookieHeader = req.headers.cookie;
  if (cookieHeader?.includes(`${LANG_COOKIE}=`)) {
    const remembered = parseCookies(cookieHeader)[LANG_COOKIE];
    if (isLocale(remembered)) return remembered;
  }
  const accepted = req.headers['accept-language'];
  const negotiated = accepted ? new Negotiator(req).language([...LOCALES]) : undefined;
  return isLocale(negotiated) ? negotiated : DEFAULT_LOCALE;
}
