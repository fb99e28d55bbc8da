import { createFileRoute } from '@tanstack/react-router';

import { OrdersList } from '../features/orders';

// Only a component (split into the route's lazy chunk): a loader here would pull the orders
// feature into every page's first load (decision 004). The list fetches and shows its own states.
export const Route = createFileRoute('/_authed/account/orders/')({
  head: () => ({ meta: [{ title: 'My Orders | QuickCart' }] }),
  component: OrdersList,
});
