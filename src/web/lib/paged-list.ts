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

/** Every item loaded so far, in order. */
export function itemsOf<T>(data: PagedList<T> | undefined): T[] {
  return data?.pages.flatMap((page) => page.data) ?? [];
}

export function isPagedList(value: unknown): value is PagedList<unknown> {
  return typeof value === 'object' && value !== null && 'pages' in value && Array.isArray(value.pages);
}

/** The same list with `change` applied to the items of each page (for setQueryData). */
export function mapPagedItems<T>(
  data: PagedList<T> | undefined,
  change: (items: T[]) => T[],
): PagedList<T> | undefined {
  return data && { ...data, pages: data.pages.map((page) => ({ ...page, data: change(page.data) })) };
}

/** The same list with `item` first (a new order), and any older copy of it gone. */
export function prependItem<T extends { _id: string }>(
  data: PagedList<T> | undefined,
  item: T,
): PagedList<T> | undefined {
  if (!data) return data;
  const rest = mapPagedItems(data, (items) => items.filter((i) => i._id !== item._id))!;
  const [first, ...others] = rest.pages;
  return first ? { ...rest, pages: [{ ...first, data: [item, ...first.data] }, ...others] } : rest;
}
