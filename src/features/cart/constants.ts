/**
 * The cart's business constants (spec point 9) and the texts shoppers see (spec points 2, 4, 9),
 * kept in one place so the bill, the info dialog and the tests agree.
 */

/** Delivery costs this much while the items total is at or under the threshold. */
export const DELIVERY_CHARGE = 25;
/** Free delivery only once the items total is strictly above this amount. */
export const FREE_DELIVERY_THRESHOLD = 99;
/** A fixed charge on every order, to cover packing. */
export const HANDLING_CHARGE = 5;

export const CART_TEXT = {
  panelTitle: 'My Cart',
  addressTitle: 'Select delivery address',
  /** Spec: the header button's label when the cart is empty (keep exactly). */
  emptyButtonLabel: 'My Card',
  deliveryEta: 'Delivery in 9 minutes',
  infoConfirm: 'Sounds good',
  deliveryChargeTitle: 'Delivery charge',
  deliveryChargeInfo: `A delivery charge of ₹${DELIVERY_CHARGE} applies to orders below ${FREE_DELIVERY_THRESHOLD}. Delivery is free on orders above ${FREE_DELIVERY_THRESHOLD}.`,
  handlingChargeTitle: 'Handling charge',
  handlingChargeInfo: `A flat ₹${HANDLING_CHARGE} on every order to cover packing your items with care.`,
  unavailable: 'Currently unavailable',
  priceUpdated: 'Price updated',
  emptyTitle: 'Your cart is empty',
  emptyBody: 'Fresh groceries and daily essentials are a tap away.',
  startShopping: 'Start shopping',
} as const;

/** "2 Items": the spec's 'N Items' label, kept literally even for one item. */
export const itemsLabel = (count: number) => `${count} Items`;
