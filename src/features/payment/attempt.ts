import { ATTEMPT_STORAGE_KEY, AWAITING_STORAGE_KEY } from './register';

/**
 * The checkout's attempt at one order, kept on the device (localStorage) as the cart it orders is
 * (IndexedDB), and removed on sign-out:
 * the idempotency key of the order as composed (lines, address, gift card, payment method), so a
 * reload, a second tap, another tab or the app opened again sends the same key and the server
 * answers with the order already placed instead of placing another; and, once placed, that
 * order's id, so paying it later from the order page can still empty the cart it came from.
 */
interface Attempt {
  fingerprint: string;
  key: string;
  orderId: string | null;
}

const STORAGE_KEY = ATTEMPT_STORAGE_KEY;
/**
 * The order placed for online payment and not seen paid, kept apart from the key: a new key (the
 * checkout's first render after a reload, before the gift card choice is back) must not forget it.
 */
const AWAITING_KEY = AWAITING_STORAGE_KEY;

/** The stored text under `key`; null when there is none or storage is refused (private mode). */
function load(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key` (null removes it); refused storage keeps it for the page's life only. */
function store(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused: nothing to pick up after a reload.
  }
}

const readAwaiting = () => load(AWAITING_KEY);
const writeAwaiting = (orderId: string | null) => store(AWAITING_KEY, orderId);

function read(): Attempt | null {
  const raw = load(STORAGE_KEY);
  try {
    return raw ? (JSON.parse(raw) as Attempt) : null;
  } catch {
    return null;
  }
}

const write = (attempt: Attempt | null) => store(STORAGE_KEY, attempt && JSON.stringify(attempt));

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
