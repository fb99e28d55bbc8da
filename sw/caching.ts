import { PAGE_DATA_ID } from '../src/lib/page-data';

/**
 * What the service worker does with each request that is not a navigation or a precached file.
 * Pure decisions, unit-tested in caching.test.ts; sw.ts only wires them to Workbox.
 */

/** Every cache of ours starts with this, so other apps' caches on the origin are never touched. */
export const CACHE_PREFIX = 'quickcart';

/**
 * Bump when what a runtime cache holds changes shape: the new worker then starts empty caches and
 * deletes the old ones on activation (see outdatedRuntimeCaches).
 */
export const RUNTIME_CACHE_VERSION = 'v1';

export type RuntimeCache = 'catalogue' | 'cart' | 'images';

export const runtimeCacheName = (kind: RuntimeCache): string => `${CACHE_PREFIX}-${kind}-${RUNTIME_CACHE_VERSION}`;

/**
 * The cache of pages the server rendered, for one build: a page names that build's hashed
 * scripts and stylesheets, which only that build's precache holds. `build` is the precached
 * shell's revision, which changes with every build that changes an asset's name.
 */
export const renderedPagesCacheName = (build: string): string => `${CACHE_PREFIX}-pages-${build}`;

/**
 * - `catalogue`: product and category reads, the same for everyone: stale-while-revalidate, so a
 *   visited page opens at once (and offline) and catches up in the background.
 * - `catalogue-fresh`: the cart's products by id (`?ids=`), read to bring its prices and stock up
 *   to date before an order: network-first into a cache of its own (`cart`, one answer per cart
 *   as it was), which answers only when the network does not (offline). Stale-while-revalidate would hand "Update my cart" the prices the
 *   checkout has just said are out of date.
 * - `images`: generated product art, unchanging at a URL: cache-first with expiry and a cap.
 * - `network-only`: customer data (addresses, orders, gift cards, sign-in, location lookups) is
 *   never written to a cache the worker shares across sessions; React Query keeps what it needs.
 * - `none`: not ours to handle (other origins, non-GET writes, anything else).
 */
export type Strategy = 'catalogue' | 'catalogue-fresh' | 'images' | 'network-only' | 'none';

export interface RequestFacts {
  method: string;
  /** The request's URL. */
  url: URL;
  /** The worker's own origin (self.location.origin). */
  origin: string;
}

const CATALOGUE_PATHS: RegExp[] = [/^\/api\/?$/, /^\/api\/product\/public(\/|$)/, /^\/api\/category\/public\/?$/];

const CUSTOMER_PATHS: RegExp[] = [
  /^\/api\/customer(\/|$)/,
  /^\/api\/address(\/|$)/,
  /^\/api\/order(\/|$)/,
  /^\/api\/giftcard(\/|$)/,
  /^\/api\/geo(\/|$)/,
  /^\/api\/auth(\/|$)/,
  // The store console: staff data, always from the server (issue 18).
  /^\/api\/ops(\/|$)/,
  // Push subscriptions (issue 19).
  /^\/api\/push(\/|$)/,
];

/**
 * Server-Sent Event streams (a shopper's orders, issue 19; the console's orders board, issue 18): the worker stays out of the way entirely. Answered through
 * the worker, a stream would keep it awake for as long as the page follows an order, and its
 * reconnects would be the worker's fetches rather than the browser's own EventSource.
 */
const STREAM_PATHS: RegExp[] = [/^\/api\/order\/stream\/?$/, /^\/api\/ops\/orders\/stream\/?$/];

export function strategyFor({ method, url, origin }: RequestFacts): Strategy {
  if (url.origin !== origin) return 'none';
  const path = url.pathname;
  if (STREAM_PATHS.some((re) => re.test(path))) return 'none';
  if (CUSTOMER_PATHS.some((re) => re.test(path))) return 'network-only';
  if (method !== 'GET') return 'none';
  if (CATALOGUE_PATHS.some((re) => re.test(path))) return url.searchParams.has('ids') ? 'catalogue-fresh' : 'catalogue';
  if (path.startsWith('/images/')) return 'images';
  return 'none';
}

/** Workbox ExpirationPlugin settings per runtime cache: a bounded size and age for each. */
export const EXPIRATION: Record<
  RuntimeCache | 'pages',
  { maxEntries: number; maxAgeSeconds: number; purgeOnQuotaError: true }
> = {
  // A shopper's browsing over a week: product pages, listings, searches and the home feed.
  catalogue: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true },
  // The cart's products by id: one answer per cart as it was, the latest few kept for offline.
  cart: { maxEntries: 20, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true },
  // Product art is a few kilobytes each; 400 of them stay well under 10 MB.
  images: { maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
  // The pages a shopper opens the app on (home, a category or two): some 50 KB of HTML each.
  pages: { maxEntries: 20, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true },
};

/**
 * Only complete, successful answers are kept: an error page or a 404 saved now would be served
 * offline later as if it were the product.
 */
export const isCacheableResponse = (response: Pick<Response, 'status' | 'type'>): boolean =>
  response.status === 200 && (response.type === 'basic' || response.type === 'default');

/** The address of the entry script a page loads (`<script type="module" src>`), or null. */
export function entryScriptOf(html: string): string | null {
  return /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1] ?? null;
}

/**
 * Whether a page is worth keeping: one the server rendered (its answers in a data block,
 * src/lib/page-data.ts), not the shell it sends for a page it does not render, and one that
 * loads `entry`, this build's entry script (another build's names files this precache lacks).
 */
export const isKeepablePage = (html: string, entry: string | null): boolean =>
  entry !== null && html.includes(`id="${PAGE_DATA_ID}"`) && entryScriptOf(html) === entry;

/**
 * Caches to delete when a new worker activates: ours (by prefix) from an older runtime version,
 * and rendered pages of another build (`pagesCache` is this build's; null: none is kept).
 * Workbox's cleanupOutdatedCaches handles the precache; this handles the runtime caches.
 */
export function outdatedRuntimeCaches(existing: string[], pagesCache: string | null): string[] {
  const current = new Set<string>([...(['catalogue', 'cart', 'images'] as const).map(runtimeCacheName)]);
  if (pagesCache) current.add(pagesCache);
  return existing.filter(
    (name) => name.startsWith(`${CACHE_PREFIX}-`) && !current.has(name) && !name.includes('precache'),
  );
}

/** The message a page sends to a waiting worker to make it take over (workbox-window's shape). */
export const isSkipWaitingMessage = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING';
