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
    img: Type.String(),
    inStock: Type.Boolean(),
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

export const ProductListQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 24 })) },
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
});
// A $ref has no static type of its own; spell out what it points at.
export type ProductPage = Omit<Static<typeof ProductPage>, 'data'> & { data: Product[] };
