import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Article } from '../../../../shared/blog.ts';
import { apiGet } from '../../../lib/api-client.ts';

export const articlesKey = ['blog'] as const;

export function getArticles(signal?: AbortSignal): Promise<Article[]> {
  return apiGet<Article[]>('/blog', { signal });
}

export const articlesQuery = () =>
  queryOptions({
    queryKey: articlesKey,
    queryFn: ({ signal }) => getArticles(signal),
    staleTime: 5 * 60 * 1000,
  });

export function useArticles() {
  return useQuery(articlesQuery());
}
