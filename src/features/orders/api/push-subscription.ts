import { api } from '../../../lib/api-client';
import { customerApi } from '../../auth';

export const getPushKey = () =>
  api
    .get('push/key')
    .json<{ success: true; data: { publicKey: string } }>()
    .then((body) => body.data.publicKey);

/** Keeps this browser's subscription on the server for the signed-in customer (an upsert). */
export const postPushSubscription = (subscription: PushSubscriptionJSON) =>
  customerApi.post('push/subscription', { json: subscription, retry: 0 }).json<{ success: true }>();
