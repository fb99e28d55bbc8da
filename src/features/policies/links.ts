/**
 * The policy pages' paths and titles: all the footer and the route heads need. Kept apart from
 * the page content so that the content loads only with a policy page, not with every page.
 */
export const POLICY_LINKS = {
  privacy: { path: '/policies/privacy_policy', title: 'Privacy Policy' },
  shipping: { path: '/policies/shipping_policy', title: 'Shipping Policy' },
  terms: { path: '/policies/terms_and_conditions', title: 'Terms & Conditions' },
  refund: { path: '/policies/refund_policy', title: 'Refund Policy' },
} as const;

export type PolicyLink = (typeof POLICY_LINKS)[keyof typeof POLICY_LINKS];

/** The tab title of a policy page. */
export const policyDocumentTitle = (policy: { title: string }) => `${policy.title} | QuickCart`;
