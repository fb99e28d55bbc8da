/** Messages of the order endpoints, in one place so that the client and tests agree. */
export const ORDER_MESSAGES = {
  placed: 'Order placed',
  replayed: 'Order already placed',
  keyReused:
    'This request was already used for an order that may have been placed. Check My Orders before you place it again.',
  notFound: 'Order not found.',
  addressNotFound: 'Address not found. Please choose one of your saved addresses.',
  changed:
    'Some items in your cart have changed (price or stock). Your cart has been updated: please review it and place the order again.',
  idempotencyKeyMissing: 'Idempotency-Key: is required (a header, or idempotencyKey in the body)',
  idempotencyKeyInvalid: 'Idempotency-Key: must be 8 to 100 letters, digits, dashes or underscores',
  cancelled: 'Order cancelled',
  noLongerUnpaid: 'This order is no longer awaiting payment: its payment has reached us.',
  earlierPaid:
    'The order this one was to replace was paid meanwhile, so this one was not placed. Place it again if you want both.',
  advanced: 'Order status updated',
} as const;

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
