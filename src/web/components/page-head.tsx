import { use } from 'react';
import { useLocation } from 'react-router';
import { LANG_PARAM, LOCALES } from '../../shared/locale.ts';
import { DEFAULT_IMAGE, defaultDescription, SITE_NAME, SiteOrigin } from '../lib/site.ts';

interface PageHeadProps {
  /** The document title, e.g. 'Blog — Laptop Haat'. */
  title: string;
  /** What search results and link previews say about the page. */
  description?: string;
  /** A picture for link previews: a path on this site or an http(s) URL. */
  image?: string;
  /** Pages behind sign-in: kept out of search results. */
  noIndex?: boolean;
}

/**
 * The page's head: title, description, canonical URL, Open Graph and Twitter card. React 19 puts
 * these elements in the document's head, on the server (docs/rendering.md) and in the browser.
 */
export function PageHead({ title, description = defaultDescription(), image = DEFAULT_IMAGE, noIndex }: PageHeadProps) {
  const origin = use(SiteOrigin);
  const { pathname, search } = useLocation();
  const url = `${origin}${pathname}`;
  // A page in a language chosen by its address (`?lang=bn`) is that language's page: its canonical
  // URL keeps the choice, and each page names its English and Bangla versions (docs/i18n.md).
  const chosen = new URLSearchParams(search).get(LANG_PARAM);
  const canonical = chosen && (LOCALES as readonly string[]).includes(chosen) ? `${url}?${LANG_PARAM}=${chosen}` : url;
  const imageUrl = /^https?:\/\//.test(image) ? image : `${origin}${image}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {noIndex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={canonical} />}
      {noIndex
        ? null
        : LOCALES.map((locale) => (
            <link key={locale} rel="alternate" hrefLang={locale} href={`${url}?${LANG_PARAM}=${locale}`} />
          ))}
      {noIndex ? null : <link rel="alternate" hrefLang="x-default" href={url} />}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {/* A page kept out of search results (the 404 page is one page for every unknown path) names no URL. */}
      {noIndex ? null : <meta property="og:url" content={canonical} />}
      <meta property="og:image" content={imageUrl} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
    </>
  );
}
