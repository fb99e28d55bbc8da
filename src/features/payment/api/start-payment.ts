import { HTTPError } from 'ky';

import { customerApi } from '../../auth';
import type { CheckoutSession, OrderWithPayment } from '../types';

export type StartPaymentOutcome =
  | { kind: 'session'; order: OrderWithPayment; checkout: CheckoutSession }
  /** 409 ORDER_NOT_PAYABLE: paid meanwhile, released or cancelled; the order as it is now. */
  | { kind: 'not-payable'; order: OrderWithPayment | null; message: string };

interface SessionBody {
  success: true;
  data: OrderWithPayment;
  checkout: CheckoutSession | null;
}

/** POST /api/order/:id/payment: a fresh gateway session to pay (again) for an order still awaiting payment. */
export async function startPayment(orderId: string): Promise<StartPaymentOutcome> {
  try {
    const body = await customerApi
      .post(`order/${encodeURIComponent(orderId)}/payment`, { json: {}, retry: 0, timeout: 15_000 })
      .json<SessionBody>();
    if (!body.checkout) return { kind: 'not-payable', order: body.data, message: '' };
    return { kind: 'session', order: body.data, checkout: body.checkout };
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 409) {
      const body = (error.data ?? null) as { message?: string; data?: OrderWithPayment } | null;
      return { kind: 'not-payable', order: body?.data ?? null, message: body?.message ?? '' };
    }
    throw error;
  }
}
