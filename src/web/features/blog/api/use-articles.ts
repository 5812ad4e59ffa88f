import { i18n } from '@lingui/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Article } from '../../../../shared/blog.ts';
import type { Locale } from '../../../../shared/locale.ts';
import { apiGet } from '../../../lib/api-client.ts';

export const articlesKey = (locale: Locale) => ['blog', locale] as const;

/** In the page's language (docs/i18n.md): English is the plain address, as the spec has it. */
export function getArticles(locale: Locale, signal?: AbortSignal): Promise<Article[]> {
  return apiGet<Article[]>(locale === 'en' ? '/blog' : `/blog?lang=${locale}`, { signal });
}

export const articlesQuery = (locale: Locale = i18n.locale as Locale) =>
  queryOptions({
    queryKey: articlesKey(locale),
    queryFn: ({ signal }) => getArticles(locale, signal),
    staleTime: 5 * 60 * 1000,
  });

export function useArticles() {
  return useQuery(articlesQuery());
}
