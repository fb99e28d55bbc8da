import type { Product } from '../schemas/product';
import { discountPercent, paiseToRupees } from './money';

export interface ProductRecord {
  id: number;
  slug: string;
  name: string;
  brand: string;
  categorySlug: string;
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
    packSize: row.packSize,
    price: paiseToRupees(row.pricePaise),
    mrp: paiseToRupees(row.mrpPaise),
    discount: discountPercent(row.mrpPaise, row.pricePaise),
    img: row.image,
    inStock: row.stock > 0,
    description: row.description,
  };
}
