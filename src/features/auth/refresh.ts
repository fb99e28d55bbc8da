import { HTTPError } from 'ky';

import { postRefresh } from './api/refresh-session';
import type { SessionEvent } from './session';

/**
 * One refresh (spec point 4): on success the server has set new cookies; a refusal (4xx) signs
 * out and ends the session; a call that failed otherwise (offline, server trouble) is ignored.
 */
export async function refreshSession(session: {
  isSignedIn: () => boolean;
  signedIn: () => void;
  signOut: (event: SessionEvent) => void;
}): Promise<boolean> {
  try {
    await postRefresh();
  } catch (error) {
    const status = error instanceof HTTPError ? error.response.status : undefined;
    if (status !== undefined && status >= 400 && status < 500 && status !== 429) {
      session.signOut('ended');
      return false;
    }
    console.info('Session refresh failed; keeping the session for now', error);
    return session.isSignedIn();
  }
  session.signedIn();
  return session.isSignedIn();
}
