import type { Laptop } from '../../../../shared/laptops.ts';
import { pagedListQuery } from '../../../lib/paged-list.ts';

// The route loader's half of use-category-laptops.ts, in a module of its own: the loader is in the
// first load, and a module shared with the lazy page would bring the page's hook (TanStack's
// infinite query observer) into it.

export const categoryLaptopsKey = (name: string) => ['laptops', 'category', name] as const;

/** GET /api/categories/{name}, a page at a time (Load more follows the Link header). */
export const categoryLaptopsQuery = (name: string) =>
  // staleTime: the route loader has just fetched it; without it the page would fetch it again on mount.
  pagedListQuery<Laptop, ReturnType<typeof categoryLaptopsKey>>(
    categoryLaptopsKey(name),
    `/categories/${encodeURIComponent(name)}`,
    30_000,
  );
