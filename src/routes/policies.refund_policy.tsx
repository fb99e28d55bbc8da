import { createFileRoute } from '@tanstack/react-router';

import { PolicyPage, policyDocumentTitle, POLICY_LINKS } from '../features/policies';

export const Route = createFileRoute('/policies/refund_policy')({
  head: () => ({ meta: [{ title: policyDocumentTitle(POLICY_LINKS.refund) }] }),
  component: RefundPolicyPage,
});

function RefundPolicyPage() {
  return <PolicyPage name="refund" />;
}
