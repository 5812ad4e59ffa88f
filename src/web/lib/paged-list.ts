import type { DataTag, InfiniteData, QueryKey } from '@tanstack/react-query';
import { type ApiPage, apiGetPage } from './api-client.ts';

// The list routes that answer arrays page with `limit` and `cursor` and say where the next page is
// in a `Link: <…>; rel="next"` header (docs/product.md#api). A paged list is an infinite query whose
// page parameter is that path: the first page's path, then each answer's next.

export type PagedList<T> = InfiniteData<ApiPage<T[]>, unknown>;

/**
 * The options of a paged list's infinite query, typed as TanStack's `infiniteQueryOptions` types
 * them (its key tagged with the data). Not through that helper, an identity function at run time:
 * importing it from the first load cost a chunk of its own (58 bytes gzip) on a 130 KiB budget.
 */
export function pagedListQuery<T, TKey extends QueryKey>(queryKey: TKey, firstPath: string, staleTime?: number) {
  return {
    queryKey: queryKey as DataTag<TKey, PagedList<T>, Error>,
    queryFn: ({ pageParam, signal }: { pageParam: string; signal: AbortSignal }) =>
      apiGetPage<T[]>(pageParam, { signal }),
    initialPageParam: firstPath,
    getNextPageParam: (last: ApiPage<T[]>) => last.next ?? undefined,
    ...(staleTime === undefined ? {} : { staleTime }),
  };
}
