import { createFileRoute } from '@tanstack/react-router';

import { PolicyPage, policyDocumentTitle, POLICY_LINKS } from '../features/policies';

export const Route = createFileRoute('/policies/terms_and_conditions')({
  head: () => ({ meta: [{ title: policyDocumentTitle(POLICY_LINKS.terms) }] }),
  component: TermsPage,
});

function TermsPage() {
  return <PolicyPage name="terms" />;
}
