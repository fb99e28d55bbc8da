import { DELIVERY_CHARGE, EMPTY_CART_BUTTON_LABEL, FREE_DELIVERY_THRESHOLD, HANDLING_CHARGE } from './constants';

/**
 * The texts shoppers see in the cart (spec points 2, 4, 9). A module of their own: only the
 * cart panel (a lazy chunk) shows them, so they stay out of the first load (decision 021).
 */
export const CART_TEXT = {
  panelTitle: 'My Cart',
  addressTitle: 'Select delivery address',
  emptyButtonLabel: EMPTY_CART_BUTTON_LABEL,
  deliveryEta: 'Delivery in 9 minutes',
  infoConfirm: 'Sounds good',
  deliveryChargeTitle: 'Delivery charge',
  // The spec's 'below 99' and 'above 99', in rupees, with the items total of exactly ₹99 (charged) said.
  deliveryChargeInfo: `A delivery charge of ₹${DELIVERY_CHARGE} applies to orders below ${FREE_DELIVERY_THRESHOLD} rupees, and to orders of exactly ₹${FREE_DELIVERY_THRESHOLD}. Delivery is free on orders above ${FREE_DELIVERY_THRESHOLD} rupees.`,
  handlingChargeTitle: 'Handling charge',
  handlingChargeInfo: `A flat ₹${HANDLING_CHARGE} on every order to cover packing your items with care.`,
  unavailable: 'Currently unavailable',
  priceUpdated: 'Price updated',
  emptyTitle: 'Your cart is empty',
  emptyBody: 'Fresh groceries and daily essentials are a tap away.',
  startShopping: 'Start shopping',
} as const;
