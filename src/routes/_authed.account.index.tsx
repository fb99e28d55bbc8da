import { createFileRoute } from '@tanstack/react-router';

import { AccountHome } from '../features/account';

export const Route = createFileRoute('/_authed/account/')({
  component: AccountHome,
});
