import type { ProductSearchQuery } from '../server/schemas/product';

/** A query of the mix as a URL's parameters: `q=doodh`, `category=munchies&sort=discount`. */
export const queryString = (query: ProductSearchQuery): string =>
  new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

/**
 * The fixed query mix of bench/search.ts, what shoppers send: typos, Hinglish, type-ahead
 * prefixes, several words, category pages.
 */
export const QUERY_MIX: ProductSearchQuery[] = [
  // Typos
  { q: 'tomatoe' },
  { q: 'bananna' },
  { q: 'panner' },
  { q: 'maggie' },
  { q: 'coffe' },
  { q: 'biscut' },
  { q: 'choclate' },
  { q: 'shampo' },
  // Hinglish
  { q: 'aloo' },
  { q: 'pyaz' },
  { q: 'doodh' },
  { q: 'dahi' },
  { q: 'atta' },
  { q: 'chawal' },
  { q: 'namkeen' },
  { q: 'haldi' },
  { q: 'jeera' },
  { q: 'kela' },
  // Type-ahead prefixes
  { q: 'tom' },
  { q: 'amu' },
  { q: 'ban' },
  { q: 'bis' },
  { q: 'mil' },
  // Several words
  { q: 'amul milk' },
  { q: 'lays chips' },
  { q: 'tata salt' },
  { q: 'green tea' },
  { q: 'mother dairy paneer' },
  // Category pages, sorts, paging, filters
  { category: 'dairy-breakfast' },
  { category: 'dairy-breakfast', sort: 'price-asc' },
  { category: 'munchies', sort: 'discount' },
  { category: 'household-essentials', sort: 'name', page: 2 },
  { subcategory: 'chips-crisps', sort: 'price-desc' },
  { category: 'dairy-breakfast', q: 'milk' },
  { q: 'chips', sort: 'price-asc' },
  // Nothing to find
  { q: 'xyzzy' },
];
