import { createFileRoute } from '@tanstack/react-router';

import { PrivacyPage } from '../features/account';

export const Route = createFileRoute('/_authed/account/privacy')({
  head: () => ({ meta: [{ title: 'Account Privacy | QuickCart' }] }),
  component: PrivacyPage,
});
