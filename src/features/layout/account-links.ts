/**
 * Spec point 2: the My Account dropdown (and the account menu on phones), in this order. In its
 * own module: only the customer menu and the account home use it, both loaded on demand.
 */
export const ACCOUNT_LINKS = [
  { label: 'My Orders', to: '/account/orders' },
  { label: 'Saved Address', to: '/account/address' },
  { label: 'E-Gift Cards', to: '/account/egiftcards' },
  { label: "FAQ's", to: '/account/faqs' },
  { label: 'Account Privacy', to: '/account/privacy' },
] as const;
