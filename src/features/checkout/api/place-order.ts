import { HTTPError } from 'ky';

import type { CurrentLine, OrderConflict, OrderLine } from '../../../../server/schemas/order';
import { customerApi } from '../../auth';
import type { CheckoutSession, OrderWithPayment, PaymentChoice } from '../../payment';

export interface PlaceOrderInput {
  addressId: string;
  items: OrderLine[];
  useGiftCardBalance: boolean;
  paymentMethod: PaymentChoice;
  idempotencyKey: string;
  /** An earlier cart's unpaid order, cancelled by the server as this one is placed. */
  replacesOrderId?: string;
}

export type PlaceOrderOutcome =
  /** `checkout`: the gateway session to pay an online order with; null for cash on delivery or nothing to pay. */
  | { kind: 'placed'; order: OrderWithPayment; checkout: CheckoutSession | null }
  | { kind: 'changed'; message: string; items: CurrentLine[] }
  /** The earlier cart's order, to be replaced, was paid meanwhile: nothing was placed. */
  | { kind: 'earlier-paid'; order: OrderWithPayment }
  | { kind: 'refused'; message: string };

interface PlacedBody {
  success: true;
  data: OrderWithPayment;
  checkout?: CheckoutSession | null;
}

/**
 * Places the order. The idempotency key makes a retry (ky retries once on a lost answer, and the
 * shopper may tap again or reload) find the order the first attempt placed instead of placing
 * another; for an online order unpaid so far the answer carries a fresh gateway session.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderOutcome> {
  try {
    const body = await customerApi
      .post('order', {
        json: {
          addressId: input.addressId,
          items: input.items,
          useGiftCardBalance: input.useGiftCardBalance,
          paymentMethod: input.paymentMethod,
          ...(input.replacesOrderId && { replacesOrderId: input.replacesOrderId }),
        },
        headers: { 'Idempotency-Key': input.idempotencyKey },
        // Safe to repeat thanks to the key; a timeout (the answer lost on a connection that went
        // quiet) is the case it exists for, and ky retries one only when asked. A retry waits on
        // the server for the first attempt and gets its order. At most 25 s in all, not 10 s a try.
        retry: { limit: 2, methods: ['post'], statusCodes: [408, 502, 503, 504], retryOnTimeout: true },
        timeout: 10_000,
        totalTimeout: 25_000,
      })
      .json<PlacedBody>();
    return { kind: 'placed', order: body.data, checkout: body.checkout ?? null };
  } catch (error) {
    // 422: the key already placed a different order (the next attempt takes a new key).
    if (error instanceof HTTPError && [404, 409, 422].includes(error.response.status)) {
      // ky has already read the body into `data` (undefined when it was not JSON).
      const body = (error.data ?? null) as OrderConflict | null;
      if (body?.reason === 'changed' && body.items)
        return { kind: 'changed', message: body.message, items: body.items };
      if (body?.reason === 'earlier-paid' && body.data) return { kind: 'earlier-paid', order: body.data };
      if (body?.message) return { kind: 'refused', message: body.message };
    }
    throw error;
  }
}
