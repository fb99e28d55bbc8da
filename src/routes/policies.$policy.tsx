import { createFileRoute, notFound } from '@tanstack/react-router';

import { PolicyPage, policyDocumentTitle, POLICY_LINKS, type PolicyName } from '../features/policies';

/** The policy a path names ('privacy_policy' -> 'privacy'), or undefined for any other. */
const policyAt = (slug: string) =>
  (Object.keys(POLICY_LINKS) as PolicyName[]).find((name) => POLICY_LINKS[name].path === `/policies/${slug}`);

/**
 * The four policy pages (spec: /policies/privacy_policy, shipping_policy, terms_and_conditions,
 * refund_policy) as one route: each route in the tree costs the first load about 60 B gzip.
 */
export const Route = createFileRoute('/policies/$policy')({
  beforeLoad: ({ params }) => {
    if (!policyAt(params.policy)) throw notFound();
  },
  head: ({ params }) => {
    const name = policyAt(params.policy);
    return { meta: name ? [{ title: policyDocumentTitle(POLICY_LINKS[name]) }] : [] };
  },
  component: PolicyRoute,
});

function PolicyRoute() {
  const name = policyAt(Route.useParams().policy);
  return name ? <PolicyPage name={name} /> : null;
}
