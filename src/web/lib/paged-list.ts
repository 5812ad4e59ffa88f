import { type InfiniteData, infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { type ApiPage, apiGetPage } from './api-client.ts';

// The list routes that answer arrays page with `limit` and `cursor` and say where the next page is
// in a `Link: <…>; rel="next"` header (docs/product.md#api). A paged list is an infinite query whose
// page parameter is that path: the first page's path, then each answer's next.

export type PagedList<T> = InfiniteData<ApiPage<T[]>, unknown>;

export function pagedListQuery<T, TKey extends QueryKey>(queryKey: TKey, firstPath: string, staleTime?: number) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => apiGetPage<T[]>(pageParam, { signal }),
    initialPageParam: firstPath,
    getNextPageParam: (last: ApiPage<T[]>) => last.next ?? undefined,
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}
