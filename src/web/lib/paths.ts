import type { Category } from '../../shared/catalog.ts';

// Every route path of the client lives here, so links and the router cannot drift apart.
export const paths = {
  home: '/',
  blog: '/blog',
  login: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
  categoryPattern: '/category/:name',
  category: (name: Category | string) => `/category/${encodeURIComponent(name)}`,
} as const;

// In-page anchors that other components scroll to.
export const sectionIds = {
  categories: 'categories',
} as const;
