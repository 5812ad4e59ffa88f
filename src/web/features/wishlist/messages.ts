import { formatTk } from '../../lib/format.ts';

// Every text of the wishlist (docs/product.md#my-wishlist): the heart, its toasts and the My Wishlist
// page. Errors from the server are shown in the server's words.
export const WISHLIST_TEXTS = {
  add: 'Add to Wishlist',
  remove: 'Remove from Wishlist',
  added: 'Added to your wishlist',
  removed: 'Removed from your wishlist',
  failed: 'Could not update your wishlist. Please try again.',
  logIn: 'Log in to save laptops to your wishlist',
  heading: 'My Wishlist',
  empty: 'Your wishlist is empty.',
  emptyHint: 'Tap the heart on any laptop to save it here.',
  browse: 'Find laptops',
  what: 'your wishlist',
  sold: 'Sold',
  removeButton: 'Remove',
  savedOn: (date: string) => `Saved on ${date}`,
  priceDropped: (savedPrice: number) => `Price dropped: was ${formatTk(savedPrice)}`,
} as const;
