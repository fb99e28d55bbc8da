import ky from 'ky';

import { api } from '../../lib/api-client';
import { browserAuth } from './session';

/** Set on a call's `context` once its session has been renewed: a second 401 ends it. */
const RENEWED = 'sessionRenewed';

/**
 * The client for customer-scoped endpoints. A 401 means the session token has run out or was
 * revoked: renew it once with the refresh cookie and repeat the call; if that is refused the
 * session has ended (signed out, and the guard sends the customer to sign in again). Once per
 * call, whichever try meets it while a try is left: a retry after a timeout or a lost answer
 * (placing an order) can be the one whose token ran out. The call's `context` is one object
 * through all its tries.
 */
export const customerApi = api.extend({
  hooks: {
    afterResponse: [
      async ({ response, options, retryCount }) => {
        const context = options.context as Record<string, unknown>;
        // A call with no try left (a GET already retried) keeps its 401: ky refuses a further try.
        if (response.status !== 401 || context[RENEWED] || retryCount >= options.retry.limit) return;
        context[RENEWED] = true;
        if (await browserAuth.refresh()) return ky.retry({ delay: 0, code: 'SESSION_REFRESHED' });
      },
    ],
  },
});
