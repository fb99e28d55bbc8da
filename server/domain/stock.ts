/** Stock per dark store (issue 18, decision 034): what the storefront says and how staff change it. */

/** At or below this many left, the storefront says "Only N left". */
export const LOW_STOCK = 5;

/** What a manager does to a store's count: count the shelf, take a delivery, write units off. */
export const ADJUST_KINDS = ['set', 'receive', 'write-off'] as const;
export type AdjustKind = (typeof ADJUST_KINDS)[number];

/** The most a store may hold of one product, and the most one adjustment may move. */
export const MAX_STOCK = 100_000;

export type AdjustResult = { ok: true; after: number } | { ok: false; message: string };

/** The count after an adjustment, or why it cannot be made. */
export function applyAdjustment(before: number, kind: AdjustKind, quantity: number): AdjustResult {
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_STOCK) {
    return { ok: false, message: `quantity: must be a whole number from 0 to ${MAX_STOCK}` };
  }
  switch (kind) {
    case 'set':
      return { ok: true, after: quantity };
    case 'receive':
      if (quantity === 0) return { ok: false, message: 'quantity: a delivery brings at least 1' };
      if (before + quantity > MAX_STOCK) {
        return { ok: false, message: `quantity: the store would hold more than ${MAX_STOCK}` };
      }
      return { ok: true, after: before + quantity };
    case 'write-off':
      if (quantity === 0) return { ok: false, message: 'quantity: write off at least 1' };
      if (quantity > before) {
        return { ok: false, message: `quantity: only ${before} in stock at this store, cannot write off ${quantity}` };
      }
      return { ok: true, after: before - quantity };
  }
}

export const STOCK_MESSAGES = {
  outNearYou: 'Out of stock near you',
  out: 'Out of stock',
  few: (left: number) => `Only ${left} left`,
} as const;

/** What the storefront says about a product's stock; null when there is plenty. */
export function stockNote(stock: number, nearYou: boolean): string | null {
  if (stock <= 0) return nearYou ? STOCK_MESSAGES.outNearYou : STOCK_MESSAGES.out;
  return stock <= LOW_STOCK ? STOCK_MESSAGES.few(stock) : null;
}
