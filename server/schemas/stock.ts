/** Stock per dark store in the console (/api/ops/stock*, issue 18, decision 034). */
import { Type, type Static } from 'typebox';

const StoreId = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'A dark store id' });

export const StockQuery = Type.Object(
  {
    store: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 2_147_483_647,
        description: "The dark store (a picker's or manager's own by default; required for an admin)",
      }),
    ),
    q: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the name or brand, or the product id' })),
    filter: Type.Optional(
      Type.Union([Type.Literal('all'), Type.Literal('low'), Type.Literal('out')], {
        default: 'all',
        description: '`low`: 5 or fewer left (out of stock included); `out`: none left',
      }),
    ),
    lowFirst: Type.Optional(Type.Boolean({ default: false, description: 'Fewest left first' })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false },
);

export const StockLine = Type.Object({
  productId: Type.Integer(),
  name: Type.String(),
  brand: Type.String(),
  packSize: Type.String(),
  img: Type.String(),
  sold: Type.Boolean({ description: 'False: not sold; its stock stays 0 until it is sold again' }),
  stock: Type.Integer({ description: 'Units at this store' }),
});

export const StockPage = Type.Object({
  success: Type.Literal(true),
  store: Type.Object({ id: Type.Integer(), name: Type.String(), city: Type.String() }),
  mayAdjust: Type.Boolean({ description: 'Whether the signed-in role may adjust stock (managers and admins)' }),
  data: Type.Array(StockLine),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

export const StockAdjustment = Type.Object(
  {
    store: Type.Optional(StoreId),
    productId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    kind: Type.Union([Type.Literal('set'), Type.Literal('receive'), Type.Literal('write-off')], {
      description: '`set`: the count on the shelf; `receive`: a delivery adds; `write-off`: damaged or expired units',
    }),
    quantity: Type.Integer({ minimum: 0, maximum: 100_000 }),
    reason: Type.String({ minLength: 3, maxLength: 200, pattern: '\\S', description: 'Why: kept in the audit log' }),
  },
  { additionalProperties: false },
);
export type StockAdjustment = Static<typeof StockAdjustment>;

export const StockAdjusted = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    productId: Type.Integer(),
    storeId: Type.Integer(),
    before: Type.Integer(),
    stock: Type.Integer({ description: 'Units at the store now' }),
  }),
});

export const OpsStores = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), city: Type.String() })),
});
