import { type ComponentType, startTransition, useEffect, useState } from 'react';
import { loadCatalog } from '../../../i18n/i18n.ts';
import { loadOnce } from '../../../lib/load-once.ts';
import type { WishlistButtonProps } from './wishlist-button.tsx';

// The heart for pages in the first load (the home page): its code, with the wishlist's queries and
// toasts, comes after the page has hydrated, so `/` stays within its JavaScript budget
// (docs/performance.md#targets). It sits over the photo, so its arrival moves nothing. The server
// and the first render in the browser both show no heart, so hydration matches. The module system
// is asked once for all the cards (asking per card cost each card's effect the preload helper's
// scan of the page's links); one that fails to arrive (offline) leaves the card heartless until the next page asks again.
// Its texts come with it: the wishlist's own catalog (2 KiB), not every page's (10 KiB in Bangla).
const loadHeart = loadOnce(async (): Promise<ComponentType<WishlistButtonProps>> => {
  const [module] = await Promise.all([
    import('./wishlist-button.tsx'),
    loadCatalog({
      en: async () => (await import('../locales/en.ts')).messages,
      bn: async () => (await import('../locales/bn.ts')).messages,
    }),
  ]);
  return module.WishlistButton;
});

export function LazyWishlistButton(props: WishlistButtonProps) {
  const [Heart, setHeart] = useState<ComponentType<WishlistButtonProps>>();
  useEffect(() => {
    loadHeart().then(
      // A transition: the hearts render in slices that yield to the browser, not in one long task.
      (component) => startTransition(() => setHeart(() => component)),
      () => {},
    );
  }, []);
  return Heart ? <Heart {...props} /> : null;
}
