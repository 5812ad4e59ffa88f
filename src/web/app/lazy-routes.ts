import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the lazy modules of the routes `path` matches, in place, before a router is created: the
 * server renders those pages whole, so the browser must have their components before it hydrates
 * (React Router's documented recipe for lazy routes with server rendering).
 */
export async function resolveLazyRoutes(routes: RouteObject[], path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

/**
 * Every lazy route of `routes` (in place) resolves once the messages of the pages beyond the first
 * load are there too (i18n/i18n.ts): a page never renders before its texts.
 */
export function lazyWithMessages(routes: RouteObject[], withMessages: <T>(load: () => Promise<T>) => () => Promise<T>) {
  for (const route of routes) {
    if (typeof route.lazy === 'function') route.lazy = withMessages(route.lazy);
    if (route.children) lazyWithMessages(route.children, withMessages);
  }
}
