import { createFileRoute } from '@tanstack/react-router';

import { GiftCardsPage } from '../features/giftcards';

export const Route = createFileRoute('/_authed/account/egiftcards')({
  head: () => ({ meta: [{ title: 'E-Gift Cards | QuickCart' }] }),
  component: GiftCardsPage,
});
