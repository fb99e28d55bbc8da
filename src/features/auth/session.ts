/** What the client may know about the signed-in customer, read from the `_auth_state` cookie. */
export interface SessionUser {
  id: string;
  mobile: string;
}

export interface Session {
  user: SessionUser;
  /** Expiry of the session token, in epoch milliseconds. */
  expiresAt: number;
}

function readCookie(name: string, cookieString: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return undefined;
}

/**
 * Spec point 4: signed in only when the session state is present, parses as JSON and has not
 * expired; anything else counts as signed out.
 */
export function readSession(cookieString: string = document.cookie, now: number = Date.now()): Session | null {
  const raw = readCookie('_auth_state', cookieString);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { user, exp } = parsed as { user?: Partial<SessionUser>; exp?: unknown };
    if (!user || typeof user.id !== 'string' || typeof user.mobile !== 'string') return null;
    if (typeof exp !== 'number' || exp * 1000 <= now) return null;
    return { user: { id: user.id, mobile: user.mobile }, expiresAt: exp * 1000 };
  } catch {
    return null;
  }
}

/**
 * 'changed': signed in, refreshed or signed out on purpose. 'ended': the server refused to
 * renew the session, so a protected page on screen must send the customer to sign in again.
 */
export type SessionEvent = 'changed' | 'ended';

export interface AuthContext {
  getSession: () => Session | null;
  /** Called whenever this tab signs in, refreshes or signs out. */
  subscribe: (listener: (event: SessionEvent) => void) => () => void;
  /** Whether a refresh may succeed: this browser signed in and has not signed out since. */
  canRefresh: () => boolean;
  /**
   * Renews the session with the HttpOnly refresh cookie; concurrent callers share one request.
   * Resolves true when signed in afterwards. A refused refresh signs out; a failed call
   * (offline, server trouble) changes nothing.
   */
  refresh: () => Promise<boolean>;
  /** After a successful sign-in: remember that a refresh is possible and tell subscribers. */
  signedIn: () => void;
  /** Forgets the session on this device (readable state and refresh hint) and tells subscribers. */
  signOut: (event?: SessionEvent) => void;
}

/**
 * The refresh cookie is HttpOnly and scoped to /api/customer, so the page cannot see it. This
 * flag records that one was issued, so visitors never send a refresh that can only fail.
 */
const REFRESH_HINT_KEY = 'auth:refreshable';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const listeners = new Set<(event: SessionEvent) => void>();
const emit = (event: SessionEvent) => listeners.forEach((listener) => listener(event));

function signOut(event: SessionEvent = 'changed') {
  // The HttpOnly token is the server's to clear; the readable state cookie is ours.
  document.cookie = '_auth_state=; Path=/; Max-Age=0; SameSite=Lax';
  storage()?.removeItem(REFRESH_HINT_KEY);
  emit(event);
}

function signedIn() {
  storage()?.setItem(REFRESH_HINT_KEY, '1');
  emit('changed');
}

let refreshing: Promise<boolean> | null = null;

// Loaded on first use: most visits never refresh, and the first load stays small.
const refresh = (): Promise<boolean> =>
  (refreshing ??= import('./refresh')
    .then(({ refreshSession }) => refreshSession({ isSignedIn: () => readSession() !== null, signedIn, signOut }))
    .finally(() => {
      refreshing = null;
    }));

export const browserAuth: AuthContext = {
  getSession: () => readSession(),
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  canRefresh: () => storage()?.getItem(REFRESH_HINT_KEY) === '1',
  refresh,
  signedIn,
  signOut,
};
