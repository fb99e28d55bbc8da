import { createFileRoute } from '@tanstack/react-router';

import { FaqsPage } from '../features/account';

export const Route = createFileRoute('/_authed/account/faqs')({
  component: FaqsPage,
});
