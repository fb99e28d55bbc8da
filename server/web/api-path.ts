/** A request for the API, by its URL (query string and all): `/api` and below. */
export function isApiPath(url: string): boolean {
  if (!url.startsWith('/api')) return false;
  const next = url.charAt(4);
  return next === '' || next === '/' || next === '?';
}

/** The API's documentation (Swagger UI): under `/api`, but a page. */
export function isApiDocsPath(url: string): boolean {
  const rest = url.slice(4);
  return url.startsWith('/api') && (rest === '/docs' || rest.startsWith('/docs/') || rest.startsWith('/docs?'));
}
