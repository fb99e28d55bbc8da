/**
 * `/?login=1&redirect=/account/orders`: where the guard sends a visitor. The root route reads
 * it, the login dialog opens and, after signing in, the visitor continues to `redirect`.
 */
export interface LoginSearch {
  login?: 1;
  redirect?: string;
}

/** Only a path on this site: no other origin (//evil.example), no scheme, no backslash tricks. */
export const safeRedirect = (value: unknown): string | null =>
  typeof value === 'string' && /^\/(?![/\\])[^\s\\]{0,511}$/.test(value) ? value : null;

/**
 * validateSearch of the root route; unknown values are dropped, never an error. Both keys are
 * returned, undefined when dropped: TanStack Router lays the result over the URL's own params, so
 * a key left out would keep its raw value (another site's address as `redirect`).
 */
export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  if (String(search.login) !== '1') return { login: undefined, redirect: undefined };
  return { login: 1, redirect: safeRedirect(search.redirect) ?? undefined };
}
