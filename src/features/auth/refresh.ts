import { HTTPError } from 'ky';

import { removeCustomerData } from '../../lib/remove-stored-keys';
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
      // The session was revoked or ran out for good: what this device kept for the customer
      // goes as it does on logout (issue 15).
      await removeCustomerData();
      return false;
    }
    console.info('Session refresh failed; keeping the session for now', error);
    return session.isSignedIn();
  }
  session.signedIn();
  return session.isSignedIn();
}
