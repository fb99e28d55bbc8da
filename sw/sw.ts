/// <reference lib="webworker" />
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';

import {
  CACHE_PREFIX,
  EXPIRATION,
  isCacheableResponse,
  isSkipWaitingMessage,
  outdatedRuntimeCaches,
  runtimeCacheName,
  strategyFor,
} from './caching';
import { NAVIGATION_DENYLIST, OFFLINE_PAGE } from './navigation';

declare const self: ServiceWorkerGlobalScope;

setCacheNameDetails({ prefix: CACHE_PREFIX });

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes the open page at once (offline works from the first visit); later
// workers wait for the page's SKIP_WAITING, so a running page never changes code under it.
clientsClaim();

// Client routes are answered with the precached shell, so every page opens offline.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

// Only complete, successful answers are stored (an error saved now would be served offline later).
const onlySuccessful: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isCacheableResponse(response) ? response : null),
};

registerRoute(
  ({ request, url }) => strategyFor({ method: request.method, url, origin: self.location.origin }) === 'catalogue',
  new StaleWhileRevalidate({
    cacheName: runtimeCacheName('catalogue'),
    plugins: [onlySuccessful, new ExpirationPlugin(EXPIRATION.catalogue)],
  }),
);

registerRoute(
  ({ request, url }) => strategyFor({ method: request.method, url, origin: self.location.origin }) === 'images',
  new CacheFirst({
    cacheName: runtimeCacheName('images'),
    plugins: [onlySuccessful, new ExpirationPlugin(EXPIRATION.images)],
  }),
);

// Customer data: explicitly never cached, whatever the method.
for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
  registerRoute(
    ({ request, url }) => strategyFor({ method: request.method, url, origin: self.location.origin }) === 'network-only',
    new NetworkOnly(),
    method,
  );
}

// Navigations the shell does not answer (the API docs, say) go to the network; when that fails
// the catch handler below shows the offline page instead of the browser's error.
registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly());

// A page that is not the app (the API docs, say) asked for offline: our offline page, not the
// browser's error.
setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(outdatedRuntimeCaches(names).map((name) => caches.delete(name)))),
  );
});

// The page asks a waiting worker to take over only when it is safe to reload.
self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});
