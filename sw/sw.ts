/// <reference lib="webworker" />
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';

import {
  CACHE_PREFIX,
  EXPIRATION,
  isCacheableResponse,
  entryScriptOf,
  isKeepablePage,
  isSkipWaitingMessage,
  outdatedRuntimeCaches,
  renderedPagesCacheName,
  runtimeCacheName,
  strategyFor,
} from './caching';
import { isRenderedPageNavigation, isServerFirstNavigation, NAVIGATION_DENYLIST, OFFLINE_PAGE } from './navigation';
import { notificationFromPush, notificationTarget, pickWindow } from './push';

declare const self: ServiceWorkerGlobalScope;

setCacheNameDetails({ prefix: CACHE_PREFIX });

const precacheList = self.__WB_MANIFEST;
// `/` is a page like any other (the routes below), not the precached index.html.
precacheAndRoute(precacheList, { directoryIndex: '' });
cleanupOutdatedCaches();
// The first worker takes the open page at once (offline works from the first visit); later
// workers wait for the page's SKIP_WAITING, so a running page never changes code under it.
clientsClaim();

const shell = createHandlerBoundToURL('/index.html');

// The checkout and the store console come from the server while online (SERVER_FIRST_PAGES):
// the checkout's answer carries the Content-Security-Policy that lets the payment gateway's
// checkout in (decision 031), which the precached shell (the storefront's policy) lacks; the
// console's code is not precached (decision 067). Offline, the shell as for any page.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isServerFirstNavigation(url.pathname),
  async (options) => {
    try {
      return await fetch(options.request);
    } catch {
      return shell(options);
    }
  },
);

// Only complete, successful answers are stored (an error saved now would be served offline later).
const onlySuccessful: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isCacheableResponse(response) ? response : null),
};

// The catalogue pages a shopper opens the app on, as the server last rendered them (decision
// 047): a repeat visit, online or off, paints the products from the HTML at once, as a first
// visit does, instead of the bare shell until the app has started. The copy is refreshed in the
// background on every such visit; a page not stored yet opens with the shell, and is fetched
// for the next time. Kept per build: a page names its build's hashed files, so only a page that
// names this worker's entry script is kept (a server already on the next build, while this
// worker still runs, sends pages this worker's precache cannot serve).
const shellEntry = precacheList.find((entry) => typeof entry !== 'string' && entry.url === 'index.html');
if (typeof shellEntry === 'object' && shellEntry.revision) {
  const renderedPagesCache = renderedPagesCacheName(shellEntry.revision);
  let entryScript: Promise<string | null> | null = null;
  const thisBuildsEntry = () =>
    (entryScript ??= matchPrecache('/index.html')
      .then((response) => response?.text() ?? '')
      .then(entryScriptOf));
  const renderedPages = new StaleWhileRevalidate({
    cacheName: renderedPagesCache,
    // Stored compressed or not, a page is the same page.
    matchOptions: { ignoreVary: true },
    plugins: [
      onlySuccessful,
      {
        // Not the shell the server sends for a page it does not render, nor another build's page.
        cacheWillUpdate: async ({ response }) =>
          isKeepablePage(await response.clone().text(), await thisBuildsEntry()) ? response : null,
        // An address that no longer answers with its page (a product taken down): its kept page
        // goes too, not shown again next time.
        fetchDidSucceed: async ({ request, response }) => {
          if (response.status !== 200)
            await (await caches.open(renderedPagesCache)).delete(request, { ignoreVary: true });
          return response;
        },
      },
      new ExpirationPlugin(EXPIRATION.pages),
    ],
  });
  registerRoute(
    ({ request, url }) =>
      request.mode === 'navigate' && url.origin === self.location.origin && isRenderedPageNavigation(url.pathname),
    async (options) => {
      const stored = await caches.match(options.request, { cacheName: renderedPagesCache, ignoreVary: true });
      if (stored) {
        // The copy can expire or be dropped between the two looks; offline, the shell then.
        try {
          return await renderedPages.handle(options);
        } catch {
          return shell(options);
        }
      }
      const [fetched, done] = renderedPages.handleAll(options);
      // Offline, there is nothing to fetch: the shell is the answer, and no error is due.
      fetched.catch(() => undefined);
      options.event.waitUntil(done);
      return shell(options);
    },
  );
  self.addEventListener('activate', (event) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) =>
          Promise.all(outdatedRuntimeCaches(names, renderedPagesCache).map((name) => caches.delete(name))),
        ),
    );
  });
} else {
  self.addEventListener('activate', (event) => {
    event.waitUntil(
      caches.keys().then((names) => Promise.all(outdatedRuntimeCaches(names, null).map((name) => caches.delete(name)))),
    );
  });
}

// Other client routes are answered with the precached shell, so every page opens offline.
registerRoute(new NavigationRoute(shell, { denylist: NAVIGATION_DENYLIST }));

registerRoute(
  ({ request, url }) => strategyFor({ method: request.method, url, origin: self.location.origin }) === 'catalogue',
  new StaleWhileRevalidate({
    cacheName: runtimeCacheName('catalogue'),
    plugins: [onlySuccessful, new ExpirationPlugin(EXPIRATION.catalogue)],
  }),
);

registerRoute(
  ({ request, url }) =>
    strategyFor({ method: request.method, url, origin: self.location.origin }) === 'catalogue-fresh',
  new NetworkFirst({
    // No network timeout: a slow answer is still the price the order will be made at.
    // A cache of its own: two expiration plugins on one cache keep one record and undo each
    // other (seen: the rendered pages stopped being kept).
    cacheName: runtimeCacheName('cart'),
    plugins: [onlySuccessful, new ExpirationPlugin(EXPIRATION.cart)],
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

// The page asks a waiting worker to take over only when it is safe to reload.
self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});

// Web Push (issue 19): an order dispatched, delivered or cancelled. Showing a notification for
// every push is what the browser requires of a subscription with userVisibleOnly.
self.addEventListener('push', (event) => {
  const shown = notificationFromPush(event.data?.text() ?? null);
  event.waitUntil(
    self.registration.showNotification(shown.title, {
      body: shown.body,
      tag: shown.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: shown.url },
    }),
  );
});

// A tap opens the order: in a window of ours that is already open, else in a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(event.notification.data, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const picked = pickWindow(windows, target);
      if (!picked) {
        await self.clients.openWindow(target.href);
        return;
      }
      const focused = await picked.window.focus();
      if (picked.navigate) await focused.navigate(target.href);
    })(),
  );
});
