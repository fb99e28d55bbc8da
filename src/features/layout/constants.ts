/** Spec point 9: the top navigation has 8 slots above 1240 px, otherwise 6 (one is 'More'). */
export const NAV_SLOTS_WIDE = 8;
export const NAV_SLOTS_NARROW = 6;
export const NAV_WIDE_MEDIA_QUERY = '(min-width: 1241px)';

/** localStorage key remembering the newsletter subscription of this browser. */
export const SUBSCRIPTION_STORAGE_KEY = 'newsletterSubscription';
