import { customerApi } from '../../auth';
import type { OrderWithPayment } from '../types';

export interface VerifyInput {
  gatewayOrderId: string;
  paymentId: string;
  signature: string;
}

/**
 * POST /api/order/:id/payment/verify with what the gateway's checkout handed the browser. The
 * answer is the order: paid, or still awaiting with payment state 'pending' (the webhook
 * finishes it). Safe to repeat: verifying the same payment twice changes nothing more.
 */
export const verifyPayment = (orderId: string, input: VerifyInput) =>
  customerApi
    .post(`order/${encodeURIComponent(orderId)}/payment/verify`, {
      json: input,
      retry: { limit: 2, methods: ['post'], statusCodes: [408, 502, 503, 504] },
      timeout: 15_000,
    })
    .json<{ success: true; data: OrderWithPayment }>()
    .then((body) => body.data);
