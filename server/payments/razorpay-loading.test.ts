import { describe, expect, it, vi } from 'vitest';

// Counts the loads of the Razorpay SDK: its module, with axios and Node's fetch behind it, costs
// a server about 30 MB resident, which only a server paying through Razorpay should carry.
const sdk = vi.hoisted(() => ({ loads: 0, clients: 0 }));
vi.mock('razorpay', () => {
  sdk.loads += 1;
  class FakeRazorpay {
    api = {
      rq: {
        defaults: {},
        interceptors: { request: { use: () => 0 }, response: { use: () => 0 } },
      },
    };
    orders = { create: async () => ({ id: 'order_1', amount: 100, receipt: 'r' }) };
    constructor() {
      sdk.clients += 1;
    }
  }
  return { default: FakeRazorpay };
});

describe('the Razorpay SDK', () => {
  it("is not loaded with the gateways' module, nor by a server with payment off", async () => {
    const { createGateway } = await import('./index');
    expect(createGateway({ provider: 'off' })).toBeNull();
    expect(sdk.loads).toBe(0);
  });

  it('is loaded once the Razorpay gateway is made, and serves its calls', async () => {
    const { createGateway } = await import('./index');
    const gateway = createGateway({
      provider: 'razorpay',
      holdMinutes: 15,
      keyId: 'rzp_test_key',
      keySecret: 'secret',
      webhookSecret: 'hook',
    });
    const order = await gateway!.createOrder({ amountPaise: 100, receipt: 'r', notes: {} });
    expect(order.id).toBe('order_1');
    await gateway!.createOrder({ amountPaise: 100, receipt: 'r', notes: {} });
    expect(sdk.loads).toBe(1);
    expect(sdk.clients).toBe(1);
  });
});
