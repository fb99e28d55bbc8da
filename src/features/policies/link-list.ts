import { POLICY_LINKS, type PolicyLink } from './links';

/** The policy links in the footer's order (only the footer, a lazy chunk, lists them all). */
export const POLICY_LINK_LIST: readonly PolicyLink[] = [
  POLICY_LINKS.privacy,
  POLICY_LINKS.shipping,
  POLICY_LINKS.terms,
  POLICY_LINKS.refund,
];
