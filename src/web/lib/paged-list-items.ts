import type { PagedList } from './paged-list.ts';

// Reading and changing a paged list's items (paged-list.ts is in the first load: this is not).

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
