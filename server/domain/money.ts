/** Money is kept as integer paise; clients get rupees with at most two decimals. */
export const paiseToRupees = (paise: number): number => Math.round(paise) / 100;

export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);

/** Whole percent saved against the MRP, rounded down so we never overstate a discount. */
export function discountPercent(mrpPaise: number, pricePaise: number): number {
  if (mrpPaise <= 0 || pricePaise >= mrpPaise) return 0;
  return Math.floor(((mrpPaise - pricePaise) * 100) / mrpPaise);
}
