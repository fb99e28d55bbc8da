import type { CheckoutSession, GatewayOutcome, OnlineMethod } from './types';

/** Razorpay Checkout's script; loaded on the checkout page only, when the shopper starts paying. */
export const RAZORPAY_CHECKOUT_JS = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

interface RazorpayFailure {
  error?: { description?: string; reason?: string; metadata?: { payment_id?: string } };
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (response: RazorpayFailure) => void): void;
}

type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

let loading: Promise<RazorpayConstructor> | null = null;

/**
 * The page's Content-Security-Policy refused checkout.js. The policy allows it only on documents
 * served for /checkout (the header is per document): a checkout reached by navigating inside the
 * app keeps the policy of the page the app was first loaded on.
 */
export class BlockedByPolicy extends Error {}

/** Whether this document was loaded at /checkout (and so carries the checkout page's policy). */
export const documentIsCheckout = () => {
  const entry = performance.getEntriesByType('navigation')[0];
  const url = entry?.name ?? window.location.href;
  return new URL(url, window.location.href).pathname === '/checkout';
};

/** Loads checkout.js once (a failed load may be tried again). */
export function loadRazorpay(): Promise<RazorpayConstructor> {
  const existing = (window as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    let blocked = false;
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI.startsWith(RAZORPAY_CHECKOUT_JS)) blocked = true;
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    const script = document.createElement('script');
    script.src = RAZORPAY_CHECKOUT_JS;
    script.async = true;
    script.onload = () => {
      document.removeEventListener('securitypolicyviolation', onViolation);
      const loaded = (window as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error('Razorpay Checkout did not load'));
    };
    script.onerror = () => {
      // The violation event is queued before the error event of the refused load.
      setTimeout(() => {
        document.removeEventListener('securitypolicyviolation', onViolation);
        script.remove();
        reject(blocked ? new BlockedByPolicy('checkout.js refused by the CSP') : new Error('checkout.js did not load'));
      });
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Razorpay's method names hidden for each of our choices (Checkout's `config.display.hide`). */
const HIDDEN: Record<OnlineMethod, string[]> = {
  upi: ['card', 'netbanking', 'wallet', 'emi', 'paylater', 'cardless_emi'],
  card: ['upi'],
};

export interface RazorpayOptions {
  session: CheckoutSession;
  method: OnlineMethod;
  /** The store's name at the top of the checkout. */
  name: string;
  /** The shopper's mobile number (10 digits). */
  contact: string;
}

/**
 * Opens Razorpay Checkout for one gateway order and resolves with how it ended: its handler
 * (paid), its `payment.failed` event, or `modal.ondismiss` (closed without paying). A failure
 * leaves the modal open for another try in Razorpay's own UI; we resolve on the first failure
 * so the page can say so, and Razorpay's later dismissal is then ignored.
 */
export async function openRazorpay({ session, method, name, contact }: RazorpayOptions): Promise<GatewayOutcome> {
  const Razorpay = await loadRazorpay();
  return new Promise<GatewayOutcome>((resolve) => {
    const checkout = new Razorpay({
      key: session.keyId,
      order_id: session.gatewayOrderId,
      amount: session.amountPaise,
      currency: session.currency,
      name,
      prefill: { contact: `+91${contact}`, method },
      config: { display: { hide: HIDDEN[method].map((hidden) => ({ method: hidden })) } },
      retry: { enabled: false },
      handler: (response: RazorpaySuccess) =>
        resolve({
          kind: 'paid',
          gatewayOrderId: response.razorpay_order_id,
          paymentId: response.razorpay_payment_id,
          signature: response.razorpay_signature,
        }),
      modal: { ondismiss: () => resolve({ kind: 'dismissed' }) },
    });
    checkout.on('payment.failed', (response) =>
      resolve({ kind: 'failed', description: response.error?.description ?? null }),
    );
    checkout.open();
  });
}
