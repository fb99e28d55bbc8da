import type { Product } from '../../../server/schemas/product';
import { DELIVERY_CHARGE, FREE_DELIVERY_THRESHOLD, HANDLING_CHARGE, MAX_ITEM_QUANTITY } from './constants';

/** Spec point 3's cart item (id, name, img, discount text, size, price, quantity) plus MRP. */
export interface CartItem {
  id: number;
  name: string;
  img: string;
  /** Shown as is, e.g. '12% OFF'; empty when sold at MRP. */
  discount: string;
  /** Pack size, e.g. '500 g'. */
  size: string;
  /** Selling price in rupees. */
  price: number;
  /** Maximum retail price in rupees. */
  mrp: number;
  quantity: number;
  /** The server no longer sells it (missing or out of stock): kept, greyed, left out of totals. */
  unavailable?: boolean;
}

export interface Cart {
  items: CartItem[];
}

/** The product fields the cart copies. */
export type CartProduct = Pick<Product, 'id' | 'name' | 'img' | 'price' | 'mrp' | 'discount' | 'packSize'>;

export const EMPTY_CART: Cart = { items: [] };

/** Rupees with at most two decimals to integer paise; sums are done in paise so 0.1 + 0.2 stays exact. */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
export const toRupees = (paise: number): number => paise / 100;

export const discountText = (percent: number): string => (percent > 0 ? `${percent}% OFF` : '');

/** A cart line of `product`; its quantity at most MAX_ITEM_QUANTITY, what an order may ask for. */
export function toCartItem(product: CartProduct, quantity = 1): CartItem {
  return {
    id: product.id,
    name: product.name,
    img: product.img,
    discount: discountText(product.discount),
    size: product.packSize,
    price: product.price,
    mrp: Math.max(product.mrp, product.price),
    quantity: Math.min(quantity, MAX_ITEM_QUANTITY),
  };
}

/**
 * Spec point 4: Add puts the item in with quantity 1, or adds 1 if it is already there. The
 * product page adds its chosen quantity the same way.
 */
export function addItem(cart: Cart, product: CartProduct, quantity = 1): Cart {
  if (!Number.isInteger(quantity) || quantity < 1) return cart;
  const existing = cart.items.find((item) => item.id === product.id);
  if (!existing) return { items: [...cart.items, toCartItem(product, quantity)] };
  // The product on screen is the freshest copy we have: take its price and clear any stale flag.
  return {
    items: cart.items.map((item) => (item.id === product.id ? toCartItem(product, item.quantity + quantity) : item)),
  };
}

/** Adds 1, up to MAX_ITEM_QUANTITY. */
export function incrementItem(cart: Cart, id: number): Cart {
  if (!cart.items.some((item) => item.id === id && item.quantity < MAX_ITEM_QUANTITY)) return cart;
  return { items: cart.items.map((item) => (item.id === id ? { ...item, quantity: item.quantity + 1 } : item)) };
}

/** Subtracts 1; the item leaves the cart at 0 or below. */
export function decrementItem(cart: Cart, id: number): Cart {
  const existing = cart.items.find((item) => item.id === id);
  if (!existing) return cart;
  if (existing.quantity - 1 <= 0) return removeItem(cart, id);
  return { items: cart.items.map((item) => (item.id === id ? { ...item, quantity: item.quantity - 1 } : item)) };
}

export function removeItem(cart: Cart, id: number): Cart {
  if (!cart.items.some((item) => item.id === id)) return cart;
  return { items: cart.items.filter((item) => item.id !== id) };
}

export const clearCart = (): Cart => ({ items: [] });

export const quantityOf = (cart: Cart, id: number): number => cart.items.find((item) => item.id === id)?.quantity ?? 0;

export interface Bill {
  /** Sum of quantities of the items that can be bought. */
  totalQuantity: number;
  /** Spec's totalPrice: the sum of quantity times price (rupees). */
  itemsTotal: number;
  /** What the same items cost at MRP. */
  mrpTotal: number;
  /** MRP total minus items total. */
  savings: number;
  deliveryCharge: number;
  handlingCharge: number;
  /** Items total + delivery charge + handling charge; 0 for an empty cart. */
  grandTotal: number;
}

/** The delivery charge for an items total in paise: charged at or under the threshold, free above it. */
export function deliveryChargePaise(itemsTotalPaise: number): number {
  if (itemsTotalPaise <= 0) return 0;
  return itemsTotalPaise <= toPaise(FREE_DELIVERY_THRESHOLD) ? toPaise(DELIVERY_CHARGE) : 0;
}

/**
 * The bill for a list of cart items. Unavailable items are left out. An empty cart owes
 * nothing: the delivery and handling charges only apply to an order.
 */
export function computeBill(items: readonly CartItem[]): Bill {
  let totalQuantity = 0;
  let itemsPaise = 0;
  let mrpPaise = 0;
  for (const item of items) {
    if (item.unavailable || item.quantity <= 0) continue;
    totalQuantity += item.quantity;
    itemsPaise += toPaise(item.price) * item.quantity;
    mrpPaise += toPaise(Math.max(item.mrp, item.price)) * item.quantity;
  }
  const deliveryPaise = deliveryChargePaise(itemsPaise);
  const handlingPaise = itemsPaise > 0 ? toPaise(HANDLING_CHARGE) : 0;
  return {
    totalQuantity,
    itemsTotal: toRupees(itemsPaise),
    mrpTotal: toRupees(mrpPaise),
    savings: toRupees(mrpPaise - itemsPaise),
    deliveryCharge: toRupees(deliveryPaise),
    handlingCharge: toRupees(handlingPaise),
    grandTotal: toRupees(itemsPaise + deliveryPaise + handlingPaise),
  };
}

export type ProceedStep = 'checkout' | 'address' | 'login';

/**
 * Spec point 4, Proceed: with a delivery address go to checkout; signed in without one, choose
 * an address; otherwise sign in first.
 */
export function proceedStep({
  hasDeliveryAddress,
  isSignedIn,
}: {
  hasDeliveryAddress: boolean;
  isSignedIn: boolean;
}): ProceedStep {
  if (hasDeliveryAddress) return 'checkout';
  return isSignedIn ? 'address' : 'login';
}

/** Reads a stored cart defensively: an older or damaged record must not break the app. */
export function sanitizeCart(value: unknown): Cart {
  if (typeof value !== 'object' || value === null) return EMPTY_CART;
  const rawItems: unknown = (value as { items?: unknown }).items;
  if (!Array.isArray(rawItems)) return EMPTY_CART;
  const items: CartItem[] = [];
  for (const raw of rawItems as unknown[]) {
    if (typeof raw !== 'object' || raw === null) continue;
    const item = raw as Record<string, unknown>;
    const { id, name, price, quantity } = item;
    if (!Number.isInteger(id) || typeof name !== 'string') continue;
    if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) continue;
    if (!Number.isInteger(quantity) || (quantity as number) <= 0) continue;
    const text = (key: string) => (typeof item[key] === 'string' ? (item[key] as string) : '');
    items.push({
      id: id as number,
      name,
      img: text('img'),
      discount: text('discount'),
      size: text('size'),
      price,
      mrp: typeof item.mrp === 'number' && Number.isFinite(item.mrp) ? Math.max(item.mrp, price) : price,
      // A cart saved before the limit existed holds what an order may ask for.
      quantity: Math.min(quantity as number, MAX_ITEM_QUANTITY),
      ...(item.unavailable === true ? { unavailable: true } : {}),
    });
  }
  return { items };
}
