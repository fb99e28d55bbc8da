import { createFileRoute } from '@tanstack/react-router';

import { FaqsPage } from '../features/account';

export const Route = createFileRoute('/_authed/account/faqs')({
  head: () => ({ meta: [{ title: "FAQ's | QuickCart" }] }),
  component: FaqsPage,
});
