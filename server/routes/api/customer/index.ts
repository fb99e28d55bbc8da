import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { AppConfig } from '../../../config';
import { keepOutOfCaches } from '../../no-store';
import accountRoutes from './account';
import codeRoutes from './code';
import { keepSentBodies } from './sent-body';
import sessionRoutes from './session';

/**
 * Sign-in with a mobile number and a one-time code, the session (refresh, sign-out) and the
 * customer's own account data (spec points 4, 5 and 7; DESIGN section 6).
 */
const customerRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  keepSentBodies(app);
  keepOutOfCaches(app);

  await app.register(codeRoutes, { config });
  await app.register(sessionRoutes, { config });
  await app.register(accountRoutes);
};

export default customerRoutes;
