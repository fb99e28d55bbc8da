import type { Product } from '../schemas/product';
import { discountPercent, paiseToRupees } from './money';
import { photoSources, photoUrl } from './photo-urls';
import { stockNote } from './stock';

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
  /** The uploaded photo's hash (decision 033); absent or null: the illustration is shown. */
  photo?: string | null;
}

/**
 * The storefront's product. `nearYou`: `row.stock` is the stock of the store serving the
 * shopper's place (decision 034), not the national sum.
 */
export function toProduct(row: ProductRecord, nearYou = false): Product {
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
    img: row.photo ? photoUrl(row.photo, 320, 'webp') : row.image,
    ...(row.photo && { photo: photoSources(row.photo) }),
    inStock: row.stock > 0,
    stockNote: stockNote(row.stock, nearYou),
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
