import { capitalize } from '../../../lib/format.ts';

/** '{category} Laptops', the category taken from the first laptop loaded (docs/product.md#category-page). */
export function categoryTitle(name: string): string {
  return `${capitalize(name)} Laptops`;
}
