import { HTTPError } from 'ky';

import { customerApi } from '../../auth';
import type { OrderWithPayment } from '../types';

/** Why the shopper leaves an unpaid order, as the order records it. */
export const UNPAID_CANCEL_REASONS = {
  /** Pay another way, after a failed or closed payment. */
  anotherWay: 'Chose to pay another way',
  /** The cart changed after the order was placed, and the new cart was placed instead. */
  replaced: 'Replaced by a newer order',
} as const;

/**
 * POST /api/order/:id/cancel with `unpaidOnly` for an order still awaiting its payment: its items
 * go back on the shelf. Resolves with the order as the server now has it: cancelled, or (409) one a
 * payment reached meanwhile, which stays paid, for the caller to leave for.
 */
export async function cancelUnpaidOrder(
  orderId: string,
  reason: (typeof UNPAID_CANCEL_REASONS)[keyof typeof UNPAID_CANCEL_REASONS],
): Promise<OrderWithPayment> {
  try {
    const body = await customerApi
      .post(`order/${encodeURIComponent(orderId)}/cancel`, { json: { reason, unpaidOnly: true }, retry: 0 })
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
