import { HTTPError } from 'ky';

import { customerApi } from '../../auth';
import type { OrderWithPayment } from '../types';

/** The reason the order records when the shopper leaves an unpaid order to pay another way. */
const PAY_ANOTHER_WAY_REASON = 'Chose to pay another way';

/**
 * POST /api/order/:id/cancel with `unpaidOnly` for an order still awaiting its payment: its items
 * go back on the shelf, and the checkout may place the cart again with another way to pay.
 * Resolves with the order as the server now has it: cancelled, or (409) one a payment reached
 * meanwhile, which stays paid (or is being confirmed), for the caller to follow.
 */
export async function cancelUnpaidOrder(orderId: string): Promise<OrderWithPayment> {
  try {
    const body = await customerApi
      .post(`order/${encodeURIComponent(orderId)}/cancel`, {
        json: { reason: PAY_ANOTHER_WAY_REASON, unpaidOnly: true },
        retry: 0,
      })
      .json<{ success: true; data: OrderWithPayment }>();
    return body.data;
  } catch (error) {
    const order =
      error instanceof HTTPError &&
      error.response.status === 409 &&
      (error.data as { data?: unknown } | undefined)?.data;
    if (order) return order as OrderWithPayment;
    throw error;
  }
}
