import { createFileRoute } from '@tanstack/react-router';

import { AddressesPage } from '../features/account';

export const Route = createFileRoute('/_authed/account/address')({
  head: () => ({ meta: [{ title: 'Saved Address | QuickCart' }] }),
  component: AddressesPage,
});
