/** The store console's API (/api/ops/*, issue 18): staff, the catalogue, photos, the audit log. */
import { Type, type Static } from 'typebox';

const Rupees = (description: string) =>
  Type.Number({ minimum: 0.01, maximum: 100_000, multipleOf: 0.01, description: `${description}, in rupees` });

export const StaffRole = Type.Union([Type.Literal('picker'), Type.Literal('manager'), Type.Literal('admin')]);

export const StaffMe = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    id: Type.String({ format: 'uuid' }),
    mobile: Type.String(),
    role: StaffRole,
    storeId: Type.Union([Type.Integer(), Type.Null()], { description: 'The dark store; null for an admin' }),
    storeName: Type.Union([Type.String(), Type.Null()]),
    may: Type.Object({
      editCatalogue: Type.Boolean(),
      readAudit: Type.Boolean(),
      advanceOrders: Type.Boolean(),
      cancelOrders: Type.Boolean(),
    }),
  }),
});

export const OpsProduct = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String(),
    name: Type.String(),
    brand: Type.String(),
    packSize: Type.String(),
    categoryId: Type.Integer(),
    subcategoryId: Type.Integer(),
    categoryName: Type.String(),
    subcategoryName: Type.String(),
    price: Type.Number({ description: 'Selling price in rupees' }),
    mrp: Type.Number({ description: 'MRP in rupees' }),
    stock: Type.Integer(),
    sold: Type.Boolean({ description: 'False: not sold (shown out of stock, never ordered)' }),
    description: Type.String(),
    img: Type.String({ description: 'What the storefront shows: the photo (WebP, 320 px) or the illustration' }),
    photo: Type.Union([Type.Object({ avif: Type.String(), webp: Type.String() }), Type.Null()]),
    version: Type.Integer({ description: 'Send it back with an edit: a stale one is refused with 409' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'OpsProduct' },
);
export type OpsProduct = Static<typeof OpsProduct>;

export const OpsProductAnswer = Type.Object({ success: Type.Literal(true), data: Type.Ref('OpsProduct') });
export type OpsProductAnswer = { success: true; data: OpsProduct };

export const OpsStaleProduct = Type.Object({
  success: Type.Literal(false),
  code: Type.Literal('STALE_VERSION'),
  message: Type.String(),
  data: Type.Ref('OpsProduct'),
});

export const OpsProductPage = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(Type.Ref('OpsProduct')),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type OpsProductPage = { success: true; data: OpsProduct[]; total: number; page: number; pageSize: number };

export const OpsProductQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the name or brand, or the product id' })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false },
);

export const OpsProductParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Numeric product id' }),
});

const Name = Type.String({
  minLength: 2,
  maxLength: 120,
  pattern: '\\S',
  description: 'Shown on cards and the product page',
});
const Description = Type.String({ maxLength: 2000 });
const SubcategoryId = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'A sub-category id' });
const Stock = Type.Integer({ minimum: 0, maximum: 100_000, description: 'Units in stock (ignored when not sold)' });

export const ProductEdit = Type.Object(
  {
    version: Type.Integer({ minimum: 1, description: 'The version the edit was made against' }),
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    price: Type.Optional(Rupees('Selling price (at most the MRP)')),
    mrp: Type.Optional(Rupees('Maximum retail price')),
    subcategoryId: Type.Optional(SubcategoryId),
    sold: Type.Optional(Type.Boolean({ description: 'False: not sold any more (stock becomes 0)' })),
    stock: Type.Optional(Stock),
  },
  { additionalProperties: false },
);
export type ProductEdit = Static<typeof ProductEdit>;

export const ProductCreate = Type.Object(
  {
    name: Name,
    brand: Type.String({ minLength: 1, maxLength: 80, pattern: '\\S' }),
    packSize: Type.String({ minLength: 1, maxLength: 40, pattern: '\\S', description: "e.g. '500 g'" }),
    subcategoryId: SubcategoryId,
    price: Rupees('Selling price (at most the MRP)'),
    mrp: Rupees('Maximum retail price'),
    description: Type.Optional(Description),
    sold: Type.Optional(Type.Boolean({ default: true })),
    stock: Type.Optional(Stock),
  },
  { additionalProperties: false },
);
export type ProductCreate = Static<typeof ProductCreate>;

export const OpsCategories = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), parentId: Type.Integer(), parentName: Type.String() }),
  ),
});

export const PhotoBody = Type.Unsafe<Buffer>({
  description:
    'The photo file itself (JPEG, PNG or WebP, at most 10 MiB, at least 480 px on its shorter side); ' +
    'its bytes decide, not its name or Content-Type',
});

export const AuditQuery = Type.Object(
  {
    mobile: Type.Optional(Type.String({ pattern: '^[6-9][0-9]{9}$', description: 'Only what this staff member did' })),
    productId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Only this product' })),
    before: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Only records older than this id (the next page: the last id seen)' }),
    ),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  },
  { additionalProperties: false },
);

export const AuditRecord = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  actor: Type.Union([Type.Literal('console'), Type.Literal('cli')]),
  staffId: Type.Union([Type.String(), Type.Null()]),
  staffMobile: Type.Union([Type.String(), Type.Null()]),
  action: Type.String({ description: "e.g. 'product.update', 'product.photo', 'staff.add'" }),
  targetType: Type.String(),
  targetId: Type.String(),
  productId: Type.Union([Type.Integer(), Type.Null()]),
  before: Type.Unknown({ description: 'The changed fields before (null for something new)' }),
  after: Type.Unknown({ description: 'The changed fields after' }),
});

export const AuditPage = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(AuditRecord),
  next: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Pass as `before` for the next page; null at the end',
  }),
});
