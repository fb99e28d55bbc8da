import { renderHook, waitFor } from '@testing-library/react';
import { HTTPError } from 'ky';
import { describe, expect, it, vi } from 'vitest';

import type { OrderWithPayment } from './types';
import { usePay } from './use-pay';

/** What GET /api/order/:id answers in the test. A plain function: a vi.fn that rejects fails the test. */
const server = vi.hoisted(() => ({
  answer: async (): Promise<OrderWithPayment> => Promise.reject(new Error('unset')),
}));
vi.mock('./api/get-order', () => ({ fetchOrder: () => server.answer() }));

const ORDER_ID = '7b0d9a52-3c1f-4a8e-9d61-2f4b8c0e5a17';

/** An order awaiting payment whose payment stands as given. */
const order = (payment: Partial<OrderWithPayment['payment']>, status = 'awaiting-payment') =>
  ({
    id: ORDER_ID,
    status,
    payment: { state: 'awaiting', method: 'upi', payBy: '2026-11-29T10:00:00.000Z', failureReason: null, ...payment },
  }) as unknown as OrderWithPayment;

const notFound = () =>
  new HTTPError(
    new Response(JSON.stringify({ success: false, message: 'Order not found.' }), { status: 404 }),
    new Request(`http://localhost/api/order/${ORDER_ID}`),
    {} as never,
  );

function renderPay() {
  const onPaid = vi.fn(async () => {});
  const onNotPayable = vi.fn();
  const hook = renderHook(() => usePay({ method: 'upi', contact: '9876543210', onPaid, onNotPayable }));
  return { ...hook, onPaid, onNotPayable };
}

describe('usePay resume (an order placed before a reload, in another tab or session)', () => {
  it('shows a declined payment as failed, with its reason, for Try again', async () => {
    server.answer = async () => order({ state: 'failed', failureReason: 'Payment declined by the bank.' });
    const { result, onNotPayable } = renderPay();
    await result.current.resume(ORDER_ID, () => true);
    await waitFor(() =>
      expect(result.current.state).toEqual({ step: 'failed', reason: 'Payment declined by the bank.' }),
    );
    expect(result.current.busy).toBe(false);
    expect(onNotPayable).not.toHaveBeenCalled();
  });

  it('shows an order never paid as not paid yet, with its pay-by time', async () => {
    server.answer = async () => order({ state: 'awaiting' });
    const { result } = renderPay();
    await result.current.resume(ORDER_ID, () => true);
    await waitFor(() => expect(result.current.state).toEqual({ step: 'dismissed', payBy: '2026-11-29T10:00:00.000Z' }));
  });

  it('reports the attempt over when its hold ran out', async () => {
    server.answer = async () => order({ state: 'expired' }, 'cancelled');
    const { result, onNotPayable } = renderPay();
    await result.current.resume(ORDER_ID, () => true);
    expect(onNotPayable).toHaveBeenCalledWith(expect.objectContaining({ id: ORDER_ID }));
  });

  it("reports the attempt over when the order is not this shopper's (another signed in on this device)", async () => {
    server.answer = async () => {
      throw notFound();
    };
    const { result, onNotPayable } = renderPay();
    await result.current.resume(ORDER_ID, () => true);
    expect(onNotPayable).toHaveBeenCalledWith(null);
    expect(result.current.state).toEqual({ step: 'idle' });
  });

  it('keeps the attempt when the server cannot be reached (offline): it is picked up next time', async () => {
    server.answer = async () => {
      throw new TypeError('Failed to fetch');
    };
    const { result, onNotPayable } = renderPay();
    await result.current.resume(ORDER_ID, () => true);
    expect(onNotPayable).not.toHaveBeenCalled();
    expect(result.current.state).toEqual({ step: 'idle' });
  });

  it('leaves an order the cart no longer matches to its hold', async () => {
    server.answer = async () => order({ state: 'failed', failureReason: null });
    const { result, onNotPayable } = renderPay();
    await result.current.resume(ORDER_ID, () => false);
    expect(onNotPayable).not.toHaveBeenCalled();
    expect(result.current.state).toEqual({ step: 'idle' });
  });
});
