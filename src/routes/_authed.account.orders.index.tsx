import { createFileRoute } from '@tanstack/react-router';

import { OrdersPage } from '../features/account';

export const Route = createFileRoute('/_authed/account/orders/')({
  component: OrdersPage,
});
