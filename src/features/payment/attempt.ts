/**
 * The checkout's attempt at one order, kept for the tab's life (sessionStorage): the idempotency
 * key of the order as composed (lines, address, gift card, payment method), so a reload or a
 * second tap sends the same key and the server answers with the order already placed instead
 * of placing another; and, once placed, that order's id, so paying it later from the order page
 * can still empty the cart it came from.
 */
interface Attempt {
  fingerprint: string;
  key: string;
  orderId: string | null;
}

const STORAGE_KEY = 'checkout-attempt';
/**
 * The order placed for online payment and not seen paid, kept apart from the key: a new key (the
 * checkout's first render after a reload, before the gift card choice is back) must not forget it.
 */
const AWAITING_KEY = 'checkout-awaiting';

function readAwaiting(): string | null {
  try {
    return sessionStorage.getItem(AWAITING_KEY);
  } catch {
    return null;
  }
}

function writeAwaiting(orderId: string | null) {
  try {
    if (orderId) sessionStorage.setItem(AWAITING_KEY, orderId);
    else sessionStorage.removeItem(AWAITING_KEY);
  } catch {
    // Storage refused: nothing to pick up after a reload.
  }
}

function read(): Attempt | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Attempt) : null;
  } catch {
    return null;
  }
}

function write(attempt: Attempt | null) {
  try {
    if (attempt) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(attempt));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the key lives as long as the page.
  }
}

/** The key for the order as composed now: the stored one when nothing changed, else a new one. */
export function attemptKey(fingerprint: string): string {
  const stored = read();
  if (stored?.fingerprint === fingerprint) return stored.key;
  return renewAttemptKey(fingerprint);
}

/** A new key (nothing was placed with the last one, or its order can no longer be paid). */
export function renewAttemptKey(fingerprint: string): string {
  const key = crypto.randomUUID();
  write({ fingerprint, key, orderId: null });
  return key;
}

/** The order the checkout placed for online payment and has not seen paid, if any. */
export const attemptOrderId = (): string | null => readAwaiting();

/** The attempt with this key placed this order (awaiting payment). */
export function rememberAttempt(key: string, orderId: string) {
  writeAwaiting(orderId);
  const stored = read();
  if (stored?.key === key) write({ ...stored, orderId });
}

/** That order can no longer be paid (its hold ran out): nothing to pick up any more. */
export function forgetAwaiting(orderId: string) {
  if (readAwaiting() === orderId) writeAwaiting(null);
}

/**
 * The attempt is over (its order is paid or given up). With an order id, only that order's
 * attempt ends; returns whether it was the checkout's attempt (its cart is then done with).
 */
export function forgetAttempt(orderId?: string): boolean {
  if (orderId === undefined || readAwaiting() === orderId) writeAwaiting(null);
  const stored = read();
  if (!stored || (orderId !== undefined && stored.orderId !== orderId)) return false;
  write(null);
  return true;
}
