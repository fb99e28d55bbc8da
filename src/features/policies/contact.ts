/** Where shoppers write for support, refunds and privacy requests. */
export const SUPPORT_EMAIL = 'support@quickcart.in';

/** Spec point 2 (shipping policy): support hours. */
export const SUPPORT_HOURS = 'Mon-Sat 10:00am-8:00pm';
