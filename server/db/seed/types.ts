/** The shape of the bundled seed catalogue. Prices are in rupees here; the seeder stores paise. */
export interface SeedSubcategory {
  slug: string;
  name: string;
}

export interface SeedCategory {
  /** Also the storefront route, e.g. 'vegetables-fruits' is served at /vegetables-fruits. */
  slug: string;
  name: string;
  subcategories: SeedSubcategory[];
}

export interface SeedProduct {
  slug: string;
  name: string;
  brand: string;
  /** Slug of a top-level SeedCategory. */
  category: string;
  /** Slug of one of that category's subcategories. */
  subcategory: string;
  packSize: string;
  mrp: number;
  price: number;
  stock: number;
  description: string;
  /** Other names shoppers type: Hindi/Hinglish, regional and common misspellings-free synonyms. */
  aliases: string[];
}
