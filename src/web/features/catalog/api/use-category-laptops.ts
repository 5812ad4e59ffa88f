import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { categoryLaptopsQuery } from './category-laptops-query.ts';

/** For pages whose route loader already ran `ensureInfiniteQueryData(categoryLaptopsQuery(name))`. */
export function useCategoryLaptops(name: string) {
  return useSuspenseInfiniteQuery(categoryLaptopsQuery(name));
}
