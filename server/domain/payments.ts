/**
 * How an order is paid. Cash on delivery is the only method today; a UPI or card provider
 * implements the same interface (authorise when the order is placed, refund when it is
 * cancelled) and is added to PAYMENT_PROVIDERS.
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
  id: PaymentMethodId;
  /** Shown on the checkout and the order. */
  label: string;
  /**
   * Whether authorising can fail. If so, `authorize` is called inside the order's transaction and
   * a failure rolls the order back (two round trips more per order). If not, the order is written
   * in one statement and `authorize` called once it is.
   */
  authorizeInTransaction: boolean;
  /**
   * Called once the order is written (see authorizeInTransaction). Providers that talk to a
   * gateway (UPI) would create a pending intent here and confirm it by webhook.
   */
  authorize(request: PaymentRequest): Promise<PaymentOutcome>;
  /** Called when a placed order is cancelled. */
  refund(request: PaymentRequest): Promise<void>;
}

export type PaymentMethodId = 'cod';

export const cashOnDelivery: PaymentProvider = {
  id: 'cod',
  label: 'Cash on delivery',
  // Nothing is collected until delivery, so placing the order cannot fail here.
  authorizeInTransaction: false,
  authorize: async () => ({ status: 'due-on-delivery', reference: null }),
  // Nothing was collected before delivery, so there is nothing to give back.
  refund: async () => {},
};

export const PAYMENT_PROVIDERS: Record<PaymentMethodId, PaymentProvider> = { cod: cashOnDelivery };

/** What the order shows as its payment method, with the wallet's share when it paid some or all. */
export function paymentLabel(method: PaymentMethodId, walletPaise: number, payablePaise: number): string {
  const provider = PAYMENT_PROVIDERS[method].label;
  if (walletPaise <= 0) return provider;
  if (payablePaise <= 0) return 'E-Gift Card';
  return `E-Gift Card + ${provider}`;
}
