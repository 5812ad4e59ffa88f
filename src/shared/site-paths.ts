// Addresses of the web app's pages that the server names too (push notifications' links). The web
// app's own paths (src/web/lib/paths.ts) keep their literals: that module is in the first load,
// which has no byte to spare; src/web/lib/paths.test.ts holds the two to the same addresses.

export const DASHBOARD_PATHS = {
  myOrders: '/dashboard/myOrders',
  myWishlist: '/dashboard/myWishlist',
  /** A user's saved searches (docs/product.md#saved-searches). */
  savedSearches: '/dashboard/savedSearches',
  myProducts: '/dashboard/myProducts',
  myBuyers: '/dashboard/myBuyers',
} as const;

/**
 * The readable part of a laptop's address: 'Lenovo ThinkPad X1 (Gen 9)' → 'lenovo-thinkpad-x1-gen-9'.
 * Latin letters and digits only, at most 60 characters; empty for a name without any.
 */
export function laptopSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
}

/** A laptop's public page; the name makes the address readable (`laptopSlug`). */
export function laptopPath(id: string, name = ''): string {
  const slug = laptopSlug(name);
  return `/laptops/${encodeURIComponent(id)}${slug ? `/${slug}` : ''}`;
}
