import { atom } from 'jotai';

/**
 * Spec point 3's auth slice. `isAuthenticated` here records the last sign-in attempt; whether
 * the customer is signed in now is the session cookie's to say (useSession). The token is kept
 * in memory only: requests carry it in the HttpOnly cookie, never from script.
 */
export interface AuthState {
  token: string | null;
  isAuthenticated: boolean;
  loading: boolean;
  error: string | null;
}

export const authStateAtom = atom<AuthState>({ token: null, isAuthenticated: false, loading: false, error: null });

/** Where to continue after signing in (a protected page the visitor was sent away from). */
export const loginRedirectAtom = atom<string | null>(null);
