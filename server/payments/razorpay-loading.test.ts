import { describe, expect, it, vi } from 'vitest';

import type { Database } from '../db/client';

// Counts the loads of the Razorpay SDK: its module, with axios and Node's fetch behind it, is
// about 4 MB of heap, which only a server paying through Razorpay should carry (decision 050).
const sdk = vi.hoisted(() => ({ loads: 0, clients: 0, exposesAxios: true }));
vi.mock('razorpay', () => {
  sdk.loads += 1;
  class FakeRazorpay {
    api = {
      rq: sdk.exposesAxios
        ? { defaults: {}, interceptors: { request: { use: () => 0 }, response: { use: () => 0 } } }
        : undefined,
    };
    orders = { create: async () => ({ id: 'order_1', amount: 100, receipt: 'r' }) };
    constructor() {
      sdk.clients += 1;
    }
  }
  return { default: FakeRazorpay };
});

const razorpay = {
  provider: 'razorpay',
  holdMinutes: 15,
  keyId: 'rzp_test_key',
  keySecret: 'secret',
  webhookSecret: 'hook',
} as const;

describe('the Razorpay SDK', () => {
  it("is not loaded with the gateways' module, with payment off, or by the local gateway", async () => {
    const { createGateway } = await import('./index');
    expect(await createGateway({ provider: 'off' })).toBeNull();
    const local = await createGateway(
      { provider: 'local', holdMinutes: 15 },
      { database: {} as Database, localSecrets: { keySecret: 'k', webhookSecret: 'w' } },
    );
    expect(local?.id).toBe('local');
    expect(sdk.loads).toBe(0);
  });

  it('is loaded once the Razorpay gateway is made, and serves its calls', async () => {
    const { createGateway } = await import('./index');
    const gateway = await createGateway(razorpay);
    expect(sdk.loads).toBe(1);
    const order = await gateway!.createOrder({ amountPaise: 100, receipt: 'r', notes: {} });
    expect(order.id).toBe('order_1');
    await gateway!.createOrder({ amountPaise: 100, receipt: 'r', notes: {} });
    expect(sdk.loads).toBe(1);
    expect(sdk.clients).toBe(1);
  });

  it('that cannot be configured stops the gateway from being made (and the server from starting)', async () => {
    const { createGateway } = await import('./index');
    sdk.exposesAxios = false;
    await expect(createGateway(razorpay)).rejects.toThrow('the razorpay SDK no longer exposes its axios instance');
  });
});
