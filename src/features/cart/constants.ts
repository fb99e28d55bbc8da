/**
 * The cart's business constants (spec point 9), kept in one place so the bill, the info dialog
 * and the tests agree. The panel's texts are in texts.ts: only the header's button label and
 * 'N Items' are needed on the first screen.
 */

/** Delivery costs this much while the items total is at or under the threshold. */
export const DELIVERY_CHARGE = 25;
/** Free delivery only once the items total is strictly above this amount. */
export const FREE_DELIVERY_THRESHOLD = 99;
/** A fixed charge on every order, to cover packing. */
export const HANDLING_CHARGE = 5;

/**
 * The most of one product a cart holds: what an order may ask for (`OrderLine.quantity` in
 * server/schemas/order.ts). Plus stops there, so checkout never meets a quantity it must refuse.
 */
export const MAX_ITEM_QUANTITY = 50;
/** Why plus stops: shown on it when it does. */
export const maxQuantityNote = `Up to ${MAX_ITEM_QUANTITY} of each item per order`;

/** Spec: the header button's label when the cart is empty (keep exactly). */
export const EMPTY_CART_BUTTON_LABEL = 'My Card';

/** "2 Items": the spec's 'N Items' label, kept literally even for one item. */
export const itemsLabel = (count: number) => `${count} Items`;
