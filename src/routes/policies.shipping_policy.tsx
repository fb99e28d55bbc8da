import { createFileRoute } from '@tanstack/react-router';

import { PolicyPage, policyDocumentTitle, POLICY_LINKS } from '../features/policies';

export const Route = createFileRoute('/policies/shipping_policy')({
  head: () => ({ meta: [{ title: policyDocumentTitle(POLICY_LINKS.shipping) }] }),
  component: ShippingPolicyPage,
});

function ShippingPolicyPage() {
  return <PolicyPage name="shipping" />;
}
