/** Texts of the account area; the spec's are word for word (points 2 and 8). */
export const ACCOUNT_TEXT = {
  noOrders: 'No orders yet',
  startShopping: 'Start shopping',
  downloadData: 'Download my data',
  deleteAccount: 'Delete my account',
  downloadFailed: 'We could not prepare your data. Please try again.',
  deleteFailed: 'We could not delete your account. Please try again.',
} as const;
