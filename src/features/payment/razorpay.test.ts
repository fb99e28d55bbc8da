import { afterEach, describe, expect, it, vi } from 'vitest';

import { openRazorpay } from './razorpay';
import type { CheckoutSession } from './types';

const session: CheckoutSession = {
  gateway: 'razorpay',
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  gatewayOrderId: 'order_IluGWxBm9U8zJ8',
  amountPaise: 12_500,
  currency: 'INR',
  pageUrl: null,
};

type Handlers = Record<string, (response: unknown) => void>;

/** Stands in for checkout.js's `Razorpay` (already loaded), recording what it was opened with. */
function stubRazorpay(act: (options: Record<string, unknown>, handlers: Handlers) => void) {
  const opened: Record<string, unknown>[] = [];
  class Razorpay {
    private handlers: Handlers = {};
    constructor(private options: Record<string, unknown>) {
      opened.push(options);
    }
    on(event: string, handler: (response: unknown) => void) {
      this.handlers[event] = handler;
    }
    open() {
      act(this.options, this.handlers);
    }
  }
  vi.stubGlobal('Razorpay', Razorpay);
  return opened;
}

afterEach(() => vi.unstubAllGlobals());

describe('openRazorpay', () => {
  it("opens Checkout for the gateway order, limited to UPI, and hands back the handler's payment", async () => {
    const opened = stubRazorpay((options) =>
      (options.handler as (r: unknown) => void)({
        razorpay_payment_id: 'pay_29QQoUBi66xm2f',
        razorpay_order_id: 'order_IluGWxBm9U8zJ8',
        razorpay_signature: '9ef4dffbfd84f1318f6739a3ce19f9d85851857ae648f114332d8401e0949a3d',
      }),
    );
    const outcome = await openRazorpay({ session, method: 'upi', name: 'QuickCart', contact: '9876543210' });
    expect(outcome).toEqual({
      kind: 'paid',
      gatewayOrderId: 'order_IluGWxBm9U8zJ8',
      paymentId: 'pay_29QQoUBi66xm2f',
      signature: '9ef4dffbfd84f1318f6739a3ce19f9d85851857ae648f114332d8401e0949a3d',
    });
    expect(opened[0]).toMatchObject({
      key: 'rzp_test_1DP5mmOlF5G5ag',
      order_id: 'order_IluGWxBm9U8zJ8',
      amount: 12_500,
      currency: 'INR',
      name: 'QuickCart',
      prefill: { contact: '+919876543210', method: 'upi' },
    });
    const hidden = (opened[0]!.config as { display: { hide: { method: string }[] } }).display.hide;
    expect(hidden.map((entry) => entry.method)).toEqual(expect.arrayContaining(['card', 'netbanking', 'wallet']));
    expect(hidden.map((entry) => entry.method)).not.toContain('upi');
  });

  it('hides UPI when the shopper chose card, net banking or wallet', async () => {
    const opened = stubRazorpay((options) => (options.modal as { ondismiss: () => void }).ondismiss());
    await openRazorpay({ session, method: 'card', name: 'QuickCart', contact: '9876543210' });
    expect((opened[0]!.config as { display: { hide: { method: string }[] } }).display.hide).toEqual([
      { method: 'upi' },
    ]);
  });

  it("turns payment.failed into a failure with the gateway's reason, and closing into a dismissal", async () => {
    stubRazorpay((_options, handlers) =>
      handlers['payment.failed']!({
        error: { code: 'BAD_REQUEST_ERROR', description: 'Payment declined by the bank.', reason: 'payment_failed' },
      }),
    );
    expect(await openRazorpay({ session, method: 'upi', name: 'QuickCart', contact: '9876543210' })).toEqual({
      kind: 'failed',
      description: 'Payment declined by the bank.',
    });
    stubRazorpay((options) => (options.modal as { ondismiss: () => void }).ondismiss());
    expect(await openRazorpay({ session, method: 'upi', name: 'QuickCart', contact: '9876543210' })).toEqual({
      kind: 'dismissed',
    });
  });
});
