import { createFileRoute } from '@tanstack/react-router';

import { OrderDetail } from '../features/orders';

// The detail fetches the order itself and shows 'Order not found.' for an unknown or foreign id.
export const Route = createFileRoute('/_authed/account/orders/$orderId')({
  head: () => ({ meta: [{ title: 'Order details | QuickCart' }] }),
  component: OrderRoute,
});

function OrderRoute() {
  const { orderId } = Route.useParams();
  return <OrderDetail orderId={orderId} />;
}
