import { createFileRoute } from '@tanstack/react-router';

import { GiftCardsPage } from '../features/account';

export const Route = createFileRoute('/_authed/account/egiftcards')({
  component: GiftCardsPage,
});
