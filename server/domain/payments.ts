/**
 * How an order is paid: cash on delivery, or online (UPI; card, net banking or wallet) through
 * the payment gateway (issue 17, decision 030; the gateway is `server/payments/`). Cash on
 * delivery implements PaymentProvider (nothing to collect when the order is placed, nothing to
 * give back when it is cancelled); an online order is written awaiting payment with its stock
 * held, and paid through the gateway (`server/payments/service.ts`).
 */
export interface PaymentRequest {
  orderId: string;
  orderNumber: number;
  amountPaise: number;
}

export type PaymentOutcome =
  /** Nothing to collect now (cash on delivery, or fully paid by the wallet). */
  { status: 'due-on-delivery' | 'paid'; reference: string | null } | { status: 'failed'; message: string };

export interface PaymentProvider {
  id: 'cod';
  /** Shown on the checkout and the order. */
  label: string;
  /**
   * Whether authorising can fail. If so, `authorize` is called inside the order's transaction and
   * a failure rolls the order back (two round trips more per order). If not, the order is written
   * in one statement and `authorize` called once it is.
   */
  authorizeInTransaction: boolean;
  /** Called once the order is written (see authorizeInTransaction). */
  authorize(request: PaymentRequest): Promise<PaymentOutcome>;
  /** Called when a placed order is cancelled. */
  refund(request: PaymentRequest): Promise<void>;
}

/** cod: cash on delivery; upi: UPI; card: card, net banking or wallet (all through the gateway). */
export type PaymentMethodId = 'cod' | 'upi' | 'card';
export const PAYMENT_METHODS: readonly PaymentMethodId[] = ['cod', 'upi', 'card'];
export type OnlineMethodId = Exclude<PaymentMethodId, 'cod'>;

export const isOnlineMethod = (method: PaymentMethodId): method is OnlineMethodId => method !== 'cod';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethodId, string> = {
  cod: 'Cash on delivery',
  upi: 'UPI',
  card: 'Card / Net banking / Wallet',
};

export const cashOnDelivery: PaymentProvider = {
  id: 'cod',
  label: PAYMENT_METHOD_LABELS.cod,
  // Nothing is collected until delivery, so placing the order cannot fail here.
  authorizeInTransaction: false,
  authorize: async () => ({ status: 'due-on-delivery', reference: null }),
  // Nothing was collected before delivery, so there is nothing to give back.
  refund: async () => {},
};

/** What the order shows as its payment method, with the wallet's share when it paid some or all. */
export function paymentLabel(method: PaymentMethodId, walletPaise: number, payablePaise: number): string {
  const provider = PAYMENT_METHOD_LABELS[method];
  if (walletPaise <= 0) return provider;
  if (payablePaise <= 0) return 'E-Gift Card';
  return `E-Gift Card + ${provider}`;
}

/** Whether an order with this method and amount to pay is paid online (else on delivery or by gift card). */
export const paysOnline = (method: PaymentMethodId, payablePaise: number) => isOnlineMethod(method) && payablePaise > 0;

/** The payment state the shopper sees (the contract's `payment.state`). */
export type PaymentState = 'due-on-delivery' | 'not-required' | 'awaiting' | 'pending' | 'paid' | 'failed' | 'expired';

/** What the shopper is told when the gateway gives no reason of its own. */
export const PAYMENT_MESSAGES = {
  unavailable: 'Online payment is not available. Choose cash on delivery.',
  notPayable: (status: string) => `This order cannot be paid now: it is ${status}.`,
  alreadyPaid: 'This order is already paid.',
  expiredReason: 'Payment not completed in time.',
  signatureInvalid: 'The payment could not be verified: its signature does not match.',
  paymentNotForOrder: 'This payment is not for this order.',
  declined: 'Payment declined by the bank.',
  failed: 'Payment failed. No money was taken.',
  gatewayUnavailable: 'The payment gateway is not reachable. Please try again in a moment.',
} as const;
