import fp from 'fastify-plugin';

import type { AppConfig } from '../config';
import { createMsg91Sender } from '../sms/msg91';
import { createOutboxSender } from '../sms/outbox';
import type { SmsSender } from '../sms/types';

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsSender;
  }
}

/** The SMS adapter chosen by SMS_PROVIDER (config.ts refuses `outbox` in production). */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const sender =
      config.sms.provider === 'msg91'
        ? createMsg91Sender(config.sms)
        : createOutboxSender({
            dataDir: config.dataDir,
            log: app.log,
            // A person running `npm start` reads the code on the terminal; test runs stay quiet.
            echo: config.env === 'development',
            now: () => app.clock.now(),
          });
    app.decorate('sms', sender);
  },
  { name: 'sms', dependencies: ['clock'] },
);
