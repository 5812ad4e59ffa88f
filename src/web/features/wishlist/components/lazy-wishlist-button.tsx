import { i18n, type Messages } from '@lingui/core';
import { type ComponentType, startTransition, useEffect, useState } from 'react';
import type { Locale } from '../../../../shared/locale.ts';
import type { WishlistButtonProps } from './wishlist-button.tsx';

// The heart for pages in the first load (the home page): its code, with the wishlist's queries and
// toasts, comes after the page has hydrated, so `/` stays within its JavaScript budget
// (docs/performance.md#targets). It sits over the photo, so its arrival moves nothing. The server
// and the first render in the browser both show no heart, so hydration matches. The module system
// is asked once for all the cards (asking per card cost each card's effect the preload helper's
// scan of the page's links); one that fails to arrive (offline) leaves the card heartless.
// Its texts come with it: the wishlist's own catalog (2 KiB), not every page's (10 KiB in Bangla).
let heart: Promise<ComponentType<WishlistButtonProps>> | undefined;
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en.ts'),
  bn: () => import('../locales/bn.ts'),
};
const loadHeart = () => {
  const locale = i18n.locale as Locale;
  heart ??= Promise.all([import('./wishlist-button.tsx'), catalogs[locale]()]).then(([module, catalog]) => {
    i18n.load(locale, catalog.messages);
    return module.WishlistButton;
  });
  return heart;
};

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
