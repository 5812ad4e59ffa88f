import { CATEGORIES, type Category } from '../../../../shared/catalog.ts';
import { categoryLaptops } from '../../../i18n/labels.ts';
import { capitalize } from '../../../lib/format.ts';

/** '{category} Laptops', the category taken from the first laptop loaded (docs/product.md#category-page). */
export function categoryTitle(name: string): string {
  if ((CATEGORIES as readonly string[]).includes(name)) return categoryLaptops(name as Category);
  // A category the app does not know (the route answers 404 first): its name as the address has it.
  return `${capitalize(name)} Laptops`;
}
