import ky from 'ky';

import { api } from '../../lib/api-client';
import { browserAuth } from './session';

/**
 * The client for customer-scoped endpoints. A 401 means the session token has run out or was
 * revoked: renew it once with the refresh cookie and repeat the call; if that is refused the
 * session has ended (signed out, and the guard sends the customer to sign in again).
 */
export const customerApi = api.extend({
  hooks: {
    afterResponse: [
      async ({ response, retryCount }) => {
        if (response.status !== 401 || retryCount > 0) return;
        if (await browserAuth.refresh()) return ky.retry({ delay: 0, code: 'SESSION_REFRESHED' });
      },
    ],
  },
});
