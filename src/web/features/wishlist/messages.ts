import { t } from '@lingui/core/macro';
import { formatTk } from '../../lib/format.ts';

// Every text of the wishlist (docs/product.md#my-wishlist): the heart, its toasts and the My Wishlist
// page, in the page's language (docs/i18n.md): each is a getter, read when it is shown. Errors from
// the server are shown through translateMessage.
export const WISHLIST_TEXTS = {
  get add() {
    return t`Add to Wishlist`;
  },
  get remove() {
    return t`Remove from Wishlist`;
  },
  /** The heart over a card: named for its laptop, so that a page of hearts can be told apart. */
  addNamed: (name: string) => t`Add ${name} to Wishlist`,
  removeNamed: (name: string) => t`Remove ${name} from Wishlist`,
  get added() {
    return t`Added to your wishlist`;
  },
  get removed() {
    return t`Removed from your wishlist`;
  },
  get failed() {
    return t`Could not update your wishlist. Please try again.`;
  },
  get logIn() {
    return t`Log in to save laptops to your wishlist`;
  },
  get heading() {
    return t`My Wishlist`;
  },
  get empty() {
    return t`Your wishlist is empty.`;
  },
  get emptyHint() {
    return t`Tap the heart on any laptop to save it here.`;
  },
  get browse() {
    return t`Find laptops`;
  },
  get what() {
    return t`your wishlist`;
  },
  get sold() {
    return t`Sold`;
  },
  get removeButton() {
    return t`Remove`;
  },
  savedOn: (date: string) => t`Saved on ${date}`,
  priceDropped: (savedPrice: number) => {
    const price = formatTk(savedPrice);
    return t`Price dropped: was ${price}`;
  },
};
