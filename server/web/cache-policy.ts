const YEAR = 31_536_000;

/**
 * Cache-Control for a file of the built client, by its path relative to dist/.
 * Vite puts content-hashed files under assets/, so they never change at a given URL. The shell,
 * the service worker and the manifest must be revalidated so a deploy reaches users at once.
 */
export function cacheControlFor(relativePath: string): string {
  const file = relativePath.replaceAll('\\', '/');
  if (file.startsWith('assets/')) return `public, max-age=${YEAR}, immutable`;
  if (file === 'index.html' || file === 'sw.js' || file.endsWith('.webmanifest') || file.startsWith('workbox-')) {
    return 'no-cache';
  }
  // Icons, images and other unhashed public files: fresh for a day, then revalidated.
  return 'public, max-age=86400, stale-while-revalidate=604800';
}

/**
 * Cache-Control for public catalogue answers (products, categories, search): a minute fresh, then
 * served stale while revalidating, so prices and stock catch up quickly without every visit
 * reaching the database.
 */
export const CATALOGUE_CACHE = 'public, max-age=60, stale-while-revalidate=600';
