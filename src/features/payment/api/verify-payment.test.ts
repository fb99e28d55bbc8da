import { afterEach, describe, expect, it, vi } from 'vitest';

import { verifyPayment } from './verify-payment';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('verifyPayment', () => {
  it('asks again when an answer does not come in time (verifying twice changes nothing more)', async () => {
    vi.useFakeTimers();
    let calls = 0;
    vi.stubGlobal('fetch', (request: Request) => {
      calls += 1;
      if (calls === 1) {
        return new Promise((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        );
      }
      return Promise.resolve(Response.json({ success: true, data: { id: 'order-1', status: 'placed' } }));
    });
    const verified = verifyPayment('order-1', {
      gatewayOrderId: 'order_1',
      paymentId: 'pay_1',
      signature: 'signature',
    });
    await vi.advanceTimersByTimeAsync(15_000 + 1_000);
    expect(await verified).toMatchObject({ id: 'order-1', status: 'placed' });
    expect(calls).toBe(2);
  });
});
