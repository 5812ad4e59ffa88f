import { type ComponentType, useEffect, useState } from 'react';
import { withPageMessages } from '../../../i18n/i18n.ts';
import type { WishlistButtonProps } from './wishlist-button.tsx';

// The heart for pages in the first load (the home page): its code, with the wishlist's queries and
// toasts, comes after the page has hydrated, so `/` stays within its JavaScript budget
// (docs/performance.md#targets). It sits over the photo, so its arrival moves nothing. The server
// and the first render in the browser both show no heart, so hydration matches. The module system
// loads the chunk once for every card; one that fails to arrive (offline) leaves the card heartless.
export function LazyWishlistButton(props: WishlistButtonProps) {
  const [Heart, setHeart] = useState<ComponentType<WishlistButtonProps>>();
  useEffect(() => {
    withPageMessages(() => import('./wishlist-button.tsx'))().then(
      (m) => setHeart(() => m.WishlistButton),
      () => {},
    );
  }, []);
  return Heart ? <Heart {...props} /> : null;
}
