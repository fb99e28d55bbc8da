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

export interface AuthContext {
  getSession: () => Session | null;
}

export const browserAuth: AuthContext = { getSession: () => readSession() };
