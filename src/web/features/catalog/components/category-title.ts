import { capitalize } from '../../../lib/format.ts';

/** Spec §2: '{category} Laptops', the category taken from the first laptop loaded. */
export function categoryTitle(name: string): string {
  return `${capitalize(name)} Laptops`;
}
