import { i18n } from '@lingui/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '../../../../shared/locale.ts';
import type { Service } from '../../../../shared/services.ts';
import { apiGet } from '../../../lib/api-client.ts';

export const servicesKey = (locale: Locale) => ['services', locale] as const;

/** In the page's language (docs/i18n.md): English is the plain address, as the spec has it. */
export function getServices(locale: Locale, signal?: AbortSignal): Promise<Service[]> {
  return apiGet<Service[]>(locale === 'en' ? '/services' : `/services?lang=${locale}`, { signal });
}

export const servicesQuery = (locale: Locale = i18n.locale as Locale) =>
  queryOptions({
    queryKey: servicesKey(locale),
    queryFn: ({ signal }) => getServices(locale, signal),
    // Editorial content: it changes with a deploy, not while someone reads the page.
    staleTime: 5 * 60 * 1000,
  });

export function useServices() {
  return useQuery(servicesQuery());
}
