import webPush, { WebPushError } from 'web-push';

import type { PushConfig } from '../config';
import type { Db } from '../db/client';
import type { OrderNotification } from './notifications';
import { removeEndpoint, subscriptionsOf } from './subscriptions';

/** A notification about an order is worth nothing a day later: push services may drop it after that. */
const TTL_SECONDS = 24 * 60 * 60;

export interface SendReport {
  sent: number;
  /** Subscriptions the push service said are gone (404, 410), now removed. */
  removed: number;
  failed: number;
}

/**
 * Sends the notification to every browser the customer subscribed (encrypted and VAPID-signed by
 * web-push). A 404 or 410 means the subscription is gone for good and it is removed; any other
 * failure is logged and the subscription kept (the push service may be down for a while).
 */
export async function pushToCustomer(
  db: Db,
  config: PushConfig,
  customerId: string,
  notification: OrderNotification,
  log: { warn(obj: object, msg: string): void },
): Promise<SendReport> {
  const report: SendReport = { sent: 0, removed: 0, failed: 0 };
  const payload = JSON.stringify(notification);
  for (const sub of await subscriptionsOf(db, customerId)) {
    try {
      await webPush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        payload,
        {
          TTL: TTL_SECONDS,
          urgency: 'high',
          topic: notification.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
          vapidDetails: { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey },
          timeout: 10_000,
        },
      );
      report.sent++;
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        await removeEndpoint(db, sub.endpoint);
        report.removed++;
      } else {
        report.failed++;
        log.warn(
          { err: error instanceof Error ? error.message : String(error), status: (error as WebPushError).statusCode },
          'push notification failed',
        );
      }
    }
  }
  return report;
}
