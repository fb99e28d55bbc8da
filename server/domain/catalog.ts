import type { Product } from '../schemas/product';
import { discountPercent, paiseToRupees } from './money';

/** The home page's one tile: everything we sell is grocery and kitchen (spec, point 2). */
export const GROCERY_KITCHEN = { slug: 'grocery-kitchen', name: 'Grocery & Kitchen' } as const;

export interface ProductRecord {
  id: number;
  slug: string;
  name: string;
  brand: string;
  categorySlug: string;
  subcategorySlug: string;
  packSize: string;
  mrpPaise: number;
  pricePaise: number;
  stock: number;
  image: string;
  description: string;
}

export function toProduct(row: ProductRecord): Product {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    category: row.categorySlug,
    subcategory: row.subcategorySlug,
    packSize: row.packSize,
    price: paiseToRupees(row.pricePaise),
    mrp: paiseToRupees(row.mrpPaise),
    discount: discountPercent(row.mrpPaise, row.pricePaise),
    img: row.image,
    inStock: row.stock > 0,
    description: row.description,
  };
}

export interface PreviewCandidate {
  image: string;
  inStock: boolean;
}

/**
 * Images for a category card's collage: one product from each sub-category in turn (so the collage
 * shows the range, not four packs of the same thing), in-stock products before out-of-stock ones.
 * `bySubcategory` holds each sub-category's candidates, sub-categories in display order.
 */
export function pickPreviewImages(bySubcategory: PreviewCandidate[][], count = 4): string[] {
  const interleaved: PreviewCandidate[] = [];
  const longest = Math.max(0, ...bySubcategory.map((list) => list.length));
  for (let rank = 0; rank < longest; rank++) {
    for (const list of bySubcategory) {
      const candidate = list[rank];
      if (candidate) interleaved.push(candidate);
    }
  }
  const ordered = [...interleaved.filter((c) => c.inStock), ...interleaved.filter((c) => !c.inStock)];
  return [...new Set(ordered.map((c) => c.image))].slice(0, count);
}
