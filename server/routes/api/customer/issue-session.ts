import type { FastifyInstance } from 'fastify';

import type { Customer, IssuedSession } from '../../../db/auth/sessions';
import type { SessionCookies } from '../../../plugins/auth';

/** A session token for a new or rotated session, and the cookies that carry it. */
export async function issueSession(
  app: FastifyInstance,
  customer: Customer,
  session: IssuedSession,
): Promise<SessionCookies> {
  const access = await app.auth.issueAccessToken(customer, session.familyId);
  return {
    access,
    customer: { id: customer.id, mobile: customer.mobile },
    ...(app.auth.refreshEnabled && { refresh: { token: session.refreshToken, expiresAt: session.expiresAt } }),
  };
}
