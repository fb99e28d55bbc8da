import { lazy, Suspense } from 'react';

import { Spinner } from '../../../components/Spinner';
import { retryingImport } from '../../../lib/retrying-import';
import type { POLICY_LINKS } from '../links';

export type PolicyName = keyof typeof POLICY_LINKS;

// The policy texts load with the policy pages only (the service worker precaches them for
// offline reading); the footer and the route heads need just the titles in links.ts.
const LoadedPolicyPage = lazy(
  retryingImport(async () => {
    const [{ PolicyPage }, content] = await Promise.all([import('./PolicyPage'), import('../content')]);
    const byName = {
      privacy: content.privacyPolicy,
      shipping: content.shippingPolicy,
      terms: content.termsAndConditions,
      refund: content.refundPolicy,
    } as const;
    return { default: ({ name }: { name: PolicyName }) => <PolicyPage policy={byName[name]} /> };
  }),
);

export function PolicyPage({ name }: { name: PolicyName }) {
  return (
    <Suspense fallback={<Spinner label="Loading policy" />}>
      <LoadedPolicyPage name={name} />
    </Suspense>
  );
}
