import { resolve } from 'node:path';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { PAGES } from './route-table.ts';
import { createRoutes, routeModule } from './routes.tsx';

// The route table names the module of each page; the router must render the page from that very
// module, or the page would preload another page's chunks (and the first load's catalog miss it).

function* walk(routes: RouteObject[]): Generator<RouteObject> {
  for (const route of routes) {
    yield route;
    if (route.children) yield* walk(route.children);
  }
}

describe('the route table', () => {
  it('has each page rendered by the module it names, lazily unless it is in the first load', {
    timeout: 60_000,
  }, async () => {
    const routes = [...walk(createRoutes(createQueryClient()))].filter((route) => routeModule(route));
    expect(routes.map((route) => [route.path, routeModule(route)]).sort()).toEqual(
      Object.values(PAGES)
        .map((page) => ['path' in page ? page.path : undefined, page.module])
        .sort(),
    );
    for (const route of routes) {
      const module = routeModule(route)!;
      const page = Object.values(PAGES).find((p) => p.module === module)!;
      const component =
        typeof route.lazy === 'function' ? (await route.lazy()).Component : (route.Component ?? undefined);
      expect(Boolean('firstLoad' in page && page.firstLoad), module).toBe(typeof route.lazy !== 'function');
      const exported = Object.values(await import(resolve(module)));
      expect(exported, module).toContain(component);
    }
  });
});
