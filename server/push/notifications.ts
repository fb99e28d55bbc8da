/**
 * What a shopper is told by push about their order (issue 19): when it is on the way, and when it
 * is delivered or cancelled. Nothing else interrupts them (placed, packed and payment changes show
 * on the order page).
 */

export interface OrderNotification {
  title: string;
  body: string;
  /** The page the notification opens. */
  url: string;
  /** One notification per order on the device: a newer status replaces the older one. */
  tag: string;
}

export const NOTIFIED_STATUSES = ['dispatched', 'delivered', 'cancelled'] as const;

export function notificationFor(event: { orderId: string; number: number; status: string }): OrderNotification | null {
  const base = { url: `/account/orders/${event.orderId}`, tag: `order-${event.orderId}` };
  switch (event.status) {
    case 'dispatched':
      return { ...base, title: `Order #${event.number} is on the way`, body: 'Your rider has picked it up.' };
    case 'delivered':
      return { ...base, title: `Order #${event.number} is delivered`, body: 'Enjoy! Tap to see your order.' };
    case 'cancelled':
      return {
        ...base,
        title: `Order #${event.number} is cancelled`,
        body: 'Tap to see why and what happens to your payment.',
      };
    default:
      return null;
  }
}
