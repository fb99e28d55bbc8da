import { Type, type Static } from 'typebox';

export const Product = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String(),
    name: Type.String(),
    brand: Type.String(),
    category: Type.String({ description: 'Slug of the product category' }),
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

export const ProductIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Numeric product id' }),
});

export const ProductListQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 24 })) },
  { additionalProperties: false },
);
