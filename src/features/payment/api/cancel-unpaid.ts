import { customerApi } from '../../auth';
import type { OrderWithPayment } from '../types';

/** The reason the order records when the shopper leaves an unpaid order to pay another way. */
const PAY_ANOTHER_WAY_REASON = 'Chose to pay another way';

/**
 * POST /api/order/:id/cancel for an order still awaiting its payment: its items go back on the
 * shelf, and the checkout may place the cart again with another way to pay.
 */
export const cancelUnpaidOrder = (orderId: string) =>
  customerApi
    .post(`order/${encodeURIComponent(orderId)}/cancel`, { json: { reason: PAY_ANOTHER_WAY_REASON }, retry: 0 })
    .json<{ success: true; data: OrderWithPayment }>()
    .then((body) => body.data);
