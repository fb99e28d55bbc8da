export interface OrderLineInput {
  productId: number;
  quantity: number;
  /** The price in paise the shopper was shown; a different current price refuses the order. */
  pricePaise: number;
}

/** The delivery address as it was when the order was placed (the saved address may change later). */
export interface OrderAddressSnapshot {
  tag: string;
  name: string;
  buildingName: string;
  floor: string | null;
  nearBy: string | null;
  locality: string;
  city: string;
  mobile: string | null;
  latitude: number;
  longitude: number;
  /** Orders placed since migration 0010 of an address with a PIN code; absent on older ones. */
  pincode?: string;
}

/** A product of the order as it stands now, sent back when the order could not be placed. */
export interface CurrentLine {
  productId: number;
  name: string;
  pricePaise: number;
  mrpPaise: number;
  /** What the shopper asked for. */
  quantity: number;
  /** How many can be bought now (0: out of stock or no longer sold). */
  available: number;
  problem: 'price-changed' | 'out-of-stock' | 'not-enough-stock' | 'unavailable' | null;
}

export interface ProductNow {
  id: number;
  name: string;
  pricePaise: number;
  mrpPaise: number;
  stock: number;
}

/** The snapshot fields of a saved address (dropping any others, such as its version). */
export function addressSnapshot(row: OrderAddressSnapshot): OrderAddressSnapshot {
  return {
    tag: row.tag,
    name: row.name,
    buildingName: row.buildingName,
    floor: row.floor,
    nearBy: row.nearBy,
    locality: row.locality,
    city: row.city,
    mobile: row.mobile,
    latitude: row.latitude,
    longitude: row.longitude,
    ...(row.pincode && { pincode: row.pincode }),
  };
}

/** Each line against the product as it is now: what changed since the shopper saw it. */
export function checkLines(lines: readonly OrderLineInput[], current: readonly ProductNow[]): CurrentLine[] {
  const byId = new Map(current.map((row) => [row.id, row]));
  return lines.map((line): CurrentLine => {
    const product = byId.get(line.productId);
    if (!product) {
      return { ...line, name: '', mrpPaise: line.pricePaise, available: 0, problem: 'unavailable' };
    }
    const problem =
      product.stock <= 0
        ? 'out-of-stock'
        : product.stock < line.quantity
          ? 'not-enough-stock'
          : product.pricePaise !== line.pricePaise
            ? 'price-changed'
            : null;
    return {
      productId: product.id,
      name: product.name,
      pricePaise: product.pricePaise,
      mrpPaise: product.mrpPaise,
      quantity: line.quantity,
      available: Math.max(0, product.stock),
      problem,
    };
  });
}

/** Merges repeated product ids (a client may send a product twice) and sorts by id. */
export function mergeLines(lines: readonly OrderLineInput[]): OrderLineInput[] {
  const byId = new Map<number, OrderLineInput>();
  for (const line of lines) {
    const seen = byId.get(line.productId);
    byId.set(line.productId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  return [...byId.values()].sort((a, b) => a.productId - b.productId);
}
