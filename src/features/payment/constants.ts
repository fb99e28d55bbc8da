import type { PaymentChoice } from './types';

/** Texts of paying online, in one place. */
export const PAYMENT_TEXT = {
  storeName: 'QuickCart',
  inGateway: 'Complete the payment in the payment window.',
  opening: 'Opening the payment window…',
  verifying: 'Confirming your payment…',
  pending: 'Payment received, waiting for confirmation from your bank. This page updates by itself.',
  failed: 'Payment failed. No money was taken.',
  noMoneyTaken: 'No money was taken.',
  dismissed: 'Not paid yet.',
  notPayable: 'This order can no longer be paid: the time to pay ran out and its items were released.',
  openFailed: 'We could not open the payment window. Please check your connection and try again.',
  startFailed: 'We could not start the payment. Please check your connection and try again.',
  paid: 'Payment successful.',
  needsConnection: 'Needs an internet connection',
  tryAgain: 'Try again',
  payAnotherWay: 'Pay another way',
  loadFailed: 'We could not load this order. Please check your connection and try again.',
  nothingToPay: 'This order is not waiting for a payment.',
} as const;

/**
 * A failed payment's text: the reason given (the gateway's, or the server's refusal of a payment),
 * then that no money was taken. A reason that says the payment failed or was declined ('Payment
 * declined by the bank.') is not followed by 'Payment failed.' as well.
 */
export function failureText(reason: string | null): string {
  const said = reason?.trim();
  if (!said || said === PAYMENT_TEXT.failed) return PAYMENT_TEXT.failed;
  const sentence = /[.!?]$/.test(said) ? said : `${said}.`;
  return `${sentence} ${/\b(fail|declin)/i.test(said) ? PAYMENT_TEXT.noMoneyTaken : PAYMENT_TEXT.failed}`;
}

/** What each way of paying is called: the checkout's choices, and an order waiting for its payment. */
export const PAYMENT_METHOD_NAMES = {
  upi: 'UPI',
  card: 'Card, net banking or wallet',
  cod: 'Cash on delivery',
} as const satisfies Record<PaymentChoice, string>;

/** Waits between looks at a payment the bank has not confirmed: 1 s, 2 s, 4 s... up to 30 s. */
export const pollDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

/**
 * The checkout page paying one order (a full page load: its own Content-Security-Policy). With
 * `open`, the page opens the gateway by itself: the shopper already chose to pay on a page whose
 * policy refused the gateway's script, and should not have to tap Pay a second time.
 */
export const payOrderHref = (orderId: string, { open = false } = {}) =>
  `/checkout?pay=${encodeURIComponent(orderId)}${open ? '&open=1' : ''}`;

/** Whether this document was loaded to open the gateway at once (`payOrderHref`'s `open`). */
export const opensGatewayOnLoad = (search: string) => new URLSearchParams(search).get('open') === '1';
