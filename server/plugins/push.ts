import fp from 'fastify-plugin';

import type { AppConfig, PushConfig } from '../config';
import type { OrderEvent } from '../events/order-events';
import { notificationFor, NOTIFIED_STATUSES } from '../push/notifications';
import { pushToCustomer, type SendReport } from '../push/sender';
import { claimNotification } from '../push/subscriptions';

export interface PushService {
  config: PushConfig;
  /** Sends the push an order event calls for, once across processes; null when it calls for none. */
  notify(event: OrderEvent): Promise<SendReport | null>;
  /** Resolves when the notifications started so far are sent (tests, shutdown). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

/**
 * Web Push driven by the order events bus (issue 19, decision 036): each process listens; the
 * process that claims an order's new status (push_sent) sends the notification to the customer's
 * subscribed browsers. A status is notified once even when several processes hear it.
 */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const { db } = app.database;
    const inFlight = new Set<Promise<unknown>>();

    const service: PushService = {
      config: config.push,
      async notify(event) {
        if (!config.push.enabled) return null;
        if (event.kind !== 'status') return null;
        if (!(NOTIFIED_STATUSES as readonly string[]).includes(event.status)) return null;
        const notification = notificationFor(event);
        if (!notification) return null;
        if (!(await claimNotification(db, event.orderId, event.status))) return null;
        return pushToCustomer(db, config.push, event.customerId, notification, app.log);
      },
      async settled() {
        while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      },
    };
    app.decorate('push', service);

    if (!config.push.enabled) return;
    let unsubscribe: (() => Promise<void>) | null = null;
    let retry: NodeJS.Timeout | null = null;
    let closing = false;
    const onEvent = (event: OrderEvent) => {
      const sending = service
        .notify(event)
        .catch((error: unknown) => app.log.warn({ err: error, orderId: event.orderId }, 'push notification failed'))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    };
    // Listening must not keep the app from starting (the database may be down for a moment):
    // it is tried again every few seconds until it works.
    const listen = async () => {
      retry = null;
      try {
        const stop = await app.orderEvents.subscribe({}, onEvent);
        if (closing) await stop();
        else unsubscribe = stop;
      } catch (error) {
        if (closing) return;
        app.log.warn({ err: error }, 'push cannot listen to order events yet; trying again in 5 s');
        retry = setTimeout(() => void listen(), 5000);
        retry.unref();
      }
    };
    app.addHook('onReady', listen);
    app.addHook('preClose', async () => {
      closing = true;
      if (retry) clearTimeout(retry);
      if (unsubscribe) await unsubscribe();
      await service.settled();
    });
  },
  { name: 'push', dependencies: ['db'] },
);
