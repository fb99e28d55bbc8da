import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { Customer, IssuedSession } from '../../../db/auth/sessions';
import { setSessionCookies } from '../../../plugins/auth';

/**
 * Hands a new or rotated session to the client: the session token (and refresh token, when
 * refresh is on) as cookies, and the answer that signs the client in.
 */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  { customer, session }: { customer: Customer; session: IssuedSession },
  message: string,
) {
  const access = await app.auth.issueAccessToken(customer, session.familyId);
  setSessionCookies(reply, request, {
    access,
    customer: { id: customer.id, mobile: customer.mobile },
    ...(app.auth.refreshEnabled && { refresh: { token: session.refreshToken, expiresAt: session.expiresAt } }),
  });
  return {
    success: true as const,
    message,
    token: access.token,
    data: { id: customer.id, mobile: customer.mobile },
  };
}
