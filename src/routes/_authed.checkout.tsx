import { createFileRoute } from '@tanstack/react-router';

import { CheckoutPage } from '../features/checkout';

/** Checkout (issue 6): signed in only (the _authed guard); the server prices and places the order. */
export const Route = createFileRoute('/_authed/checkout')({
  head: () => ({ meta: [{ title: 'Checkout | QuickCart' }] }),
  component: CheckoutPage,
});
