import { afterEach, describe, expect, it, vi } from 'vitest';

import { placeOrder } from './place-order';

const input = {
  addressId: '6f1c1f0e-8d2a-4a8e-9d3e-0c6b3c1f2a11',
  items: [{ productId: 5, quantity: 2, price: 60 }],
  useGiftCardBalance: false,
  paymentMethod: 'cod' as const,
  idempotencyKey: 'attempt-0001',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('placeOrder', () => {
  it("passes on the server's refusal of a key that already placed a different order", async () => {
    const message =
      'This request was already used for an order that may have been placed. Check My Orders before you place it again.';
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      sent.push(request.headers.get('Idempotency-Key') ?? '');
      return Response.json({ success: false, message }, { status: 422 });
    });
    expect(await placeOrder(input)).toEqual({ kind: 'refused', message });
    expect(sent).toEqual(['attempt-0001']);
  });

  it('asks again, with the same key, when an answer does not come in time', async () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    vi.stubGlobal('fetch', (request: Request) => {
      sent.push(request.headers.get('Idempotency-Key') ?? '');
      if (sent.length === 1) {
        // The first answer is lost: nothing comes until ky gives up on it.
        return new Promise((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        );
      }
      return Promise.resolve(
        Response.json({ success: true, data: { id: 'order-1', status: 'placed' } }, { status: 201 }),
      );
    });
    const outcome = placeOrder(input);
    await vi.advanceTimersByTimeAsync(10_000 + 1_000);
    expect(await outcome).toMatchObject({ kind: 'placed', order: { id: 'order-1' } });
    expect(sent).toEqual(['attempt-0001', 'attempt-0001']);
  });

  it('gives up after 25 s in all when no answer comes, rather than 10 s for each try', async () => {
    vi.useFakeTimers();
    let tries = 0;
    vi.stubGlobal('fetch', (request: Request) => {
      tries += 1;
      return new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
    });
    const outcome = placeOrder(input).then(
      () => 'placed',
      (error: Error) => error.name,
    );
    await vi.advanceTimersByTimeAsync(24_000);
    expect(tries).toBe(3);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(await outcome).toBe('TimeoutError');
  });
});
