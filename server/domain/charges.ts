/**
 * The bill of an order (spec points 4 and 9), in integer paise. The server's single source of
 * these rules: checkout quotes and placed orders both come from `computeCharges`. The cart
 * panel's preview (src/features/cart/cart-logic.ts) follows the same constants; a test keeps
 * the two in step.
 */

/** 25 rupees of delivery while the items total is 99 rupees or less. */
export const DELIVERY_CHARGE_PAISE = 2500;
export const FREE_DELIVERY_ABOVE_PAISE = 9900;
/** 5 rupees on every order. */
export const HANDLING_CHARGE_PAISE = 500;

export interface ChargeLine {
  pricePaise: number;
  mrpPaise: number;
  quantity: number;
}

export interface Charges {
  itemsPaise: number;
  mrpPaise: number;
  /** MRP total minus items total: the product discount. */
  savingsPaise: number;
  deliveryPaise: number;
  handlingPaise: number;
  /** Items + delivery + handling. */
  totalPaise: number;
  /** Paid from the e-gift card wallet: at most the balance and at most the total. */
  walletPaise: number;
  /** Total minus wallet: what the payment method collects. */
  payablePaise: number;
}

export function deliveryChargePaise(itemsPaise: number): number {
  if (itemsPaise <= 0) return 0;
  return itemsPaise <= FREE_DELIVERY_ABOVE_PAISE ? DELIVERY_CHARGE_PAISE : 0;
}

export function computeCharges(lines: readonly ChargeLine[], walletBalancePaise = 0): Charges {
  let itemsPaise = 0;
  let mrpPaise = 0;
  for (const line of lines) {
    itemsPaise += line.pricePaise * line.quantity;
    mrpPaise += Math.max(line.mrpPaise, line.pricePaise) * line.quantity;
  }
  const deliveryPaise = deliveryChargePaise(itemsPaise);
  const handlingPaise = itemsPaise > 0 ? HANDLING_CHARGE_PAISE : 0;
  const totalPaise = itemsPaise + deliveryPaise + handlingPaise;
  const walletPaise = Math.max(0, Math.min(walletBalancePaise, totalPaise));
  return {
    itemsPaise,
    mrpPaise,
    savingsPaise: mrpPaise - itemsPaise,
    deliveryPaise,
    handlingPaise,
    totalPaise,
    walletPaise,
    payablePaise: totalPaise - walletPaise,
  };
}
