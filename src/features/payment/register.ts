import { clearOnSignOut } from '../../lib/sign-out';

/** The checkout's attempt at an order (attempt.ts): its idempotency key, and the order placed. */
export const ATTEMPT_STORAGE_KEY = 'checkout-attempt';
/** The order placed for online payment and not seen paid (attempt.ts). */
export const AWAITING_STORAGE_KEY = 'checkout-awaiting';

// Kept on the device (localStorage) for the signed-in customer: the next one to sign in here must
// not meet the last one's order. Declared on the first page (main.tsx imports this module), as
// features/address/register.ts declares the address keys.
clearOnSignOut(ATTEMPT_STORAGE_KEY, AWAITING_STORAGE_KEY);
