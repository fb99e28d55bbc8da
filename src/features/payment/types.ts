import type { Static } from 'typebox';

import type {
  CheckoutSession as CheckoutSessionSchema,
  Order,
  OrderPayment as OrderPaymentSchema,
  OrderStatus,
} from '../../../server/schemas/order';

/** The client's names for issue 17's payment fields, as the server's schemas define them. */

/** How the shopper pays what the gift card does not: 'card' is card, net banking or wallet. */
export type PaymentChoice = 'cod' | 'upi' | 'card';
export type OnlineMethod = Exclude<PaymentChoice, 'cod'>;

/** What the browser needs to open the gateway's checkout for one gateway order. */
export type CheckoutSession = Static<typeof CheckoutSessionSchema>;

export type OrderPayment = OrderPaymentSchema;
export type PaymentState = OrderPayment['state'];
export type PayStatus = OrderStatus;

/** An order as the API sends it, with how it is paid. */
export type OrderWithPayment = Order;

/** What the local gateway's page posts to the app (mirrors Razorpay Checkout's callbacks). */
export type LocalGatewayMessage =
  | { source: 'local-gateway'; event: 'paid'; gatewayOrderId: string; paymentId: string; signature: string }
  | { source: 'local-gateway'; event: 'failed'; gatewayOrderId: string; paymentId: string; description: string }
  | { source: 'local-gateway'; event: 'dismissed'; gatewayOrderId: string };

/** How one opening of a gateway's checkout ended. */
export type GatewayOutcome =
  | { kind: 'paid'; gatewayOrderId: string; paymentId: string; signature: string }
  | { kind: 'failed'; description: string | null }
  | { kind: 'dismissed' };
