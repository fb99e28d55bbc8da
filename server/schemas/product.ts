import { Type, type Static } from 'typebox';

export const Product = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String(),
    name: Type.String(),
    brand: Type.String(),
    category: Type.String({ description: 'Slug of the product category' }),
    subcategory: Type.String({ description: 'Slug of the product sub-category' }),
    packSize: Type.String(),
    price: Type.Number({ description: 'Selling price in rupees' }),
    mrp: Type.Number({ description: 'Maximum retail price in rupees' }),
    discount: Type.Integer({ description: 'Whole percent off the MRP; 0 when sold at MRP' }),
    img: Type.String({
      description: 'The product image: its photo (WebP, 320 px) when it has one, else the generated illustration',
    }),
    photo: Type.Optional(
      Type.Object(
        {
          avif: Type.String({ description: 'srcset of the AVIF variants (128, 320, 640 and 960 px wide)' }),
          webp: Type.String({ description: 'srcset of the WebP variants (128, 320, 640 and 960 px wide)' }),
        },
        { description: 'Present when the store uploaded a photo' },
      ),
    ),
    inStock: Type.Boolean({
      description: 'At the dark store named by `store` (the one serving the shopper), or anywhere without one',
    }),
    stockNote: Type.Union([Type.String(), Type.Null()], {
      description:
        "What to say about availability: 'Out of stock near you' (at the `store`), 'Out of stock', " +
        "'Only N left' (5 or fewer); null when there is plenty",
      examples: ['Only 3 left'],
    }),
    description: Type.String(),
  },
  { $id: 'Product' },
);
export type Product = Static<typeof Product>;

export const ProductList = Type.Array(Type.Ref('Product'));
export type ProductList = Product[];

export const ProductIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Numeric product id' }),
});

/** The dark store whose stock a catalogue answer shows (decision 034). */
const StoreParam = Type.Integer({
  minimum: 1,
  maximum: 2_147_483_647,
  description:
    "The dark store serving the shopper's chosen place (`store.id` of /api/delivery/serviceability): stock " +
    "and in-stock order are that store's. Without it, or for a store that is not delivering, the national view.",
});

export const ProductDetailQuery = Type.Object({ store: Type.Optional(StoreParam) }, { additionalProperties: false });

export const ProductListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 24 })),
    store: Type.Optional(StoreParam),
  },
  { additionalProperties: false },
);

export const SortOption = Type.Union(
  [
    Type.Literal('relevance'),
    Type.Literal('price-asc'),
    Type.Literal('price-desc'),
    Type.Literal('name'),
    Type.Literal('discount'),
  ],
  { description: 'relevance (default), price-asc, price-desc, name, discount' },
);
export type SortOption = Static<typeof SortOption>;

export const ProductSearchQuery = Type.Object(
  {
    category: Type.Optional(Type.String({ pattern: '^[a-z0-9-]{1,80}$' })),
    subcategory: Type.Optional(Type.String({ pattern: '^[a-z0-9-]{1,80}$' })),
    q: Type.Optional(Type.String({ maxLength: 100 })),
    ids: Type.Optional(
      Type.String({ pattern: '^\\d{1,9}(,\\d{1,9}){0,99}$', description: 'Comma-separated product ids' }),
    ),
    sort: Type.Optional(SortOption),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 24 })),
    store: Type.Optional(StoreParam),
  },
  { additionalProperties: false },
);
export type ProductSearchQuery = Static<typeof ProductSearchQuery>;

export const ProductPage = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(Type.Ref('Product')),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  correctedQuery: Type.Optional(
    Type.String({
      description:
        'Present when no product matched `q` as typed and these are the products for what it may have meant: ' +
        '`q` with its likely typos corrected (lower case), to say so ("Showing results for tomato")',
      examples: ['tomato sauce'],
    }),
  ),
});
// A $ref has no static type of its own; spell out what it points at.
export type ProductPage = Omit<Static<typeof ProductPage>, 'data'> & { data: Product[] };
