/** Spec point 9: the top navigation has 8 slots above 1240 px, otherwise 6 (one is 'More'). */
export const NAV_SLOTS_WIDE = 8;
export const NAV_SLOTS_NARROW = 6;
export const NAV_WIDE_MEDIA_QUERY = '(min-width: 1241px)';

/** Spec point 2: the My Account dropdown (and the account menu on phones), in this order. */
export const ACCOUNT_LINKS = [
  { label: 'My Orders', to: '/account/orders' },
  { label: 'Saved Address', to: '/account/address' },
  { label: 'E-Gift Cards', to: '/account/egiftcards' },
  { label: "FAQ's", to: '/account/faqs' },
  { label: 'Account Privacy', to: '/account/privacy' },
] as const;

/** localStorage key remembering the newsletter subscription of this browser. */
export const SUBSCRIPTION_STORAGE_KEY = 'newsletterSubscription';
