import { createFileRoute } from '@tanstack/react-router';

import { AccountLayout } from '../features/account';

/** The account area: a sidebar beside the page from 992 px, one screen at a time below. */
export const Route = createFileRoute('/_authed/account')({
  head: () => ({ meta: [{ title: 'My Account | QuickCart' }] }),
  component: AccountLayout,
});
