/** Spec point 9: the top navigation has 8 slots above 1240 px, otherwise 6 (one is 'More'). */
export const NAV_SLOTS_WIDE = 8;
export const NAV_SLOTS_NARROW = 6;
export const NAV_WIDE_MEDIA_QUERY = '(min-width: 1241px)';

/** Spec point 2: the location picker shows a fixed label until serviceability arrives. */
export const LOCATION_LABEL = 'Maharashtra, India';
export const TOP_CITIES = ['Bangalore', 'Noida', 'Delhi', 'Mumbai'] as const;

/** Spec point 2: the My Account dropdown, in this order. */
export const ACCOUNT_LINKS = [
  { label: 'My Orders', href: '/account/orders' },
  { label: 'Saved Address', href: '/account/address' },
  { label: 'E-Gift Cards', href: '/account/egiftcards' },
  { label: "FAQ's", href: '/account/faqs' },
  { label: 'Account Privacy', href: '/account/privacy' },
] as const;

/** Spec point 9: logout shows the full-screen loader for 2 s before signing out. */
export const LOGOUT_DELAY_MS = 2000;

/** localStorage key remembering the newsletter subscription of this browser. */
export const SUBSCRIPTION_STORAGE_KEY = 'newsletterSubscription';
