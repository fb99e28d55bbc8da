/**
 * The payment gateway PAYMENT_PROVIDER chooses (config.payments, issue 17): Razorpay, the local
 * gateway, or null when online payment is off.
 */
import type { PaymentsConfig } from '../config';
import type { Database } from '../db/client';
import type { PaymentGateway } from './gateway';
import { LocalGateway, type LocalGatewaySecrets } from './local';
import { createRazorpayGateway } from './razorpay';

/**
 * What a gateway needs besides its configuration. `timeoutMs`: the time limit of one call to an
 * outside gateway (Razorpay; 8 s unless given, tests shorten it). The local gateway keeps its
 * state in `database`, reads the time from `now`, signs with its generated secrets
 * (`localGatewaySecrets`) and says when it queued a webhook.
 */
export interface GatewayDeps {
  timeoutMs?: number;
  database?: Database;
  now?: () => Date;
  localSecrets?: LocalGatewaySecrets;
  onWebhookQueued?: () => void;
}

/**
 * The payment gateway PAYMENT_PROVIDER chose (config.payments); null when online payment is off.
 * Asynchronous because Razorpay's SDK is loaded only when its gateway is made.
 */
export async function createGateway(config: PaymentsConfig, deps: GatewayDeps = {}): Promise<PaymentGateway | null> {
  switch (config.provider) {
    case 'off':
      return null;
    case 'razorpay':
      return createRazorpayGateway({
        keyId: config.keyId,
        keySecret: config.keySecret,
        webhookSecret: config.webhookSecret,
        timeoutMs: deps.timeoutMs,
      });
    case 'local':
      if (!deps.database || !deps.localSecrets) {
        throw new Error('the local gateway needs its database and secrets (localGatewaySecrets)');
      }
      return new LocalGateway({
        database: deps.database,
        secrets: deps.localSecrets,
        now: deps.now ?? (() => new Date()),
        onWebhookQueued: deps.onWebhookQueued,
      });
  }
}
