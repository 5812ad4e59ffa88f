import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useLocation } from 'react-router';
import { LANG_PARAM, LOCALE_NAMES, LOCALES } from '../../../shared/locale.ts';

/**
 * English / বাংলা (docs/i18n.md): each a link to this page in that language (`?lang=`). The server
 * renders the page in it and remembers the choice in a cookie, so the whole page, its head and
 * every later page read in one language, and the link itself can be shared.
 */
export function LanguageSwitch() {
  const { pathname, search } = useLocation();
  const current = i18n.locale;
  const hrefFor = (locale: string) => {
    const params = new URLSearchParams(search);
    params.set(LANG_PARAM, locale);
    return `${pathname}?${params}`;
  };
  return (
    <ul aria-label={t`Language`} className="flex items-center gap-1 text-sm">
      {LOCALES.map((locale) => (
        <li key={locale}>
          {locale === current ? (
            <span aria-current="true" lang={locale} className="rounded-field px-2 py-1 font-semibold">
              {LOCALE_NAMES[locale]}
            </span>
          ) : (
            <a
              href={hrefFor(locale)}
              lang={locale}
              hrefLang={locale}
              className="link rounded-field px-2 py-1 link-hover"
            >
              {LOCALE_NAMES[locale]}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
