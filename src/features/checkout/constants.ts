/** Texts of the checkout, in one place. */
export const CHECKOUT_TEXT = {
  emptyTitle: 'Your cart is empty',
  emptyBody: 'Add something to your cart to check out.',
  startShopping: 'Start shopping',
  chooseAddress: 'Choose where we should deliver this order.',
  addressGone: 'The delivery address you chose is no longer saved. Choose another address for this order.',
  itemsChanged: 'Some items changed since you added them. Update your cart to continue.',
  billOffline: 'You are offline. Your bill is worked out as soon as you are back online.',
  billBeforeChange:
    'You are offline: this bill is from before your last change. It is worked out again as soon as you are back online.',
  quoteFailed: 'We could not work out your bill. Please check your connection and try again.',
  placeFailed:
    'We could not place your order. Please check your connection and try again: you will not be charged twice.',
  unavailableLeftOut: 'Items that are currently unavailable stay in your cart but are not part of this order.',
  earlierReleased:
    'Your earlier order of these items was not paid in time, so its items were released. Place the order again to pay for it.',
  paymentMethodTitle: 'Payment method',
  viaGateway: 'Paid securely through our payment partner.',
  nothingToPay: 'Your gift card pays for everything: nothing is left to pay.',
  lockedToOrder: 'This order was placed for online payment: pay it, or choose Pay another way to pick again.',
  unpaidCancelled: 'The unpaid order was cancelled and nothing was taken. Choose how to pay, then place your order.',
  cancelUnpaidFailed: 'We could not cancel the unpaid order. Please check your connection and try again.',
  /** An order of the cart as it was before it changed, still unpaid: placing this cart cancels it. */
  earlierUnpaid: (number: number, until: string | null) =>
    `Order #${number}, placed before your cart or address changed, is not paid yet and holds its items${until ? ` until ${until}` : ''}. Placing this order cancels it.`,
  payEarlierInstead: (number: number) => `Pay order #${number} instead`,
  earlierPaid: (number: number) =>
    `Your earlier order #${number} was paid meanwhile, so this one was not placed. Place it too if you want both.`,
} as const;
