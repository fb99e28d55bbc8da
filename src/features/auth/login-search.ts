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

/** validateSearch of the root route; unknown values are dropped, never an error. */
export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  if (String(search.login) !== '1') return {};
  const redirect = safeRedirect(search.redirect);
  return redirect ? { login: 1, redirect } : { login: 1 };
}
