import { createFileRoute } from '@tanstack/react-router';

import { PolicyPage, policyDocumentTitle, POLICY_LINKS } from '../features/policies';

export const Route = createFileRoute('/policies/privacy_policy')({
  head: () => ({ meta: [{ title: policyDocumentTitle(POLICY_LINKS.privacy) }] }),
  component: PrivacyPolicyPage,
});

function PrivacyPolicyPage() {
  return <PolicyPage name="privacy" />;
}
