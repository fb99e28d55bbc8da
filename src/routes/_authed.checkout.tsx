import { createFileRoute } from '@tanstack/react-router';

import { CheckoutPlaceholder } from '../features/account';

/** Spec point 2: login-protected; shows only the placeholder text 'checkout' until checkout is built. */
export const Route = createFileRoute('/_authed/checkout')({
  head: () => ({ meta: [{ title: 'Checkout | QuickCart' }] }),
  component: CheckoutPlaceholder,
});
