import { afterEach, describe, expect, it, vi } from 'vitest';

import { placeOrder } from './place-order';

const input = {
  addressId: '6f1c1f0e-8d2a-4a8e-9d3e-0c6b3c1f2a11',
  items: [{ productId: 5, quantity: 2, price: 60 }],
  useGiftCardBalance: false,
  paymentMethod: 'cod' as const,
  idempotencyKey: 'attempt-0001',
};

afterEach(() => vi.unstubAllGlobals());

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
});
