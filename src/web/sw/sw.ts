/// <reference lib="webworker" />
import './push.ts';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

// The service worker (docs/decisions/0043-installable-app.md), at /sw.js with scope /: the build's
// files are kept ahead of need and served from the device; pages always come from the network,
// with the offline page when there is none. Nothing else is kept: no page (a signed-in one would
// hold a person's data), no /api answer (the app never asks its answers of this worker).

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Written by the build (src/web/offline/offline.html): the page shown when a page cannot be fetched. */
const OFFLINE_PAGE = '/offline.html';

// A new deploy's worker takes over at once and every open page is its client, so the next visit
// after a deploy already runs the new files; the files the new list drops are deleted.
self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

// The hashed scripts, stylesheet and font (cache-first: a hashed name never changes content), the
// icons and the offline page. The list and its revisions are written in by the build.
precacheAndRoute(self.__WB_MANIFEST);

// No navigation preload: the browser sends a preload request for every navigation in scope, and
// then the navigation itself again wherever the worker leaves it to the browser (the denied /api/
// addresses below): a sign-in's one-time callback went twice, and the second failed.

const network = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch {
        return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
      }
    },
    // The API's own addresses (a sign-in's redirects) are the browser's business alone.
    { denylist: [/^\/api\//] },
  ),
);
