import type { Category } from '../../shared/catalog.ts';

// Every route path of the client lives here, so links and the router cannot drift apart.
export const paths = {
  home: '/',
  blog: '/blog',
  login: '/login',
  signup: '/signup',
  categoryPattern: '/category/:name',
  category: (name: Category | string) => `/category/${encodeURIComponent(name)}`,
  dashboard: '/dashboard',
  myOrders: '/dashboard/myOrders',
  myWishlist: '/dashboard/myWishlist',
  paymentPattern: '/dashboard/payment/:id',
  payment: (id: string) => `/dashboard/payment/${encodeURIComponent(id)}`,
  addAProduct: '/dashboard/addAProduct',
  myProducts: '/dashboard/myProducts',
  myBuyers: '/dashboard/myBuyers',
  allBuyers: '/dashboard/allBuyers',
  allSellers: '/dashboard/allSellers',
} as const;

// In-page anchors that other components scroll to.
export const sectionIds = {
  categories: 'categories',
} as const;
