/** The console's orders board (issue 18, decision 035). */
import { Type } from 'typebox';

import { OrderStatus } from './order';

export const BoardOrder = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    number: Type.Integer(),
    status: OrderStatus,
    storeId: Type.Integer(),
    storeName: Type.String(),
    mobile: Type.String({ description: 'The shopper’s mobile, to call about the order' }),
    placedAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
    waitedSeconds: Type.Integer({
      minimum: 0,
      description: 'How long it has waited: since it was placed, until now or until it was delivered or cancelled',
    }),
    itemCount: Type.Integer({ description: 'Units in the order' }),
    total: Type.Number({ description: 'The bill total, in rupees' }),
    paymentMethod: Type.String(),
    cancelReason: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'BoardOrder' },
);

export const BoardQuery = Type.Object(
  {
    q: Type.Optional(
      Type.String({
        maxLength: 20,
        description: 'An order number or the shopper’s 10-digit mobile (+91 and spaces allowed): searches every status',
      }),
    ),
    status: Type.Optional(
      Type.Union([OrderStatus, Type.Literal('active')], {
        description: 'active (default): processing, packed and dispatched',
      }),
    ),
    store: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 2_147_483_647,
        description: 'Admins: only this store (default: every store)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const BoardList = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(Type.Ref('BoardOrder')),
  serverTime: Type.String({ format: 'date-time' }),
});

export const BoardOrderParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const PickingList = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    order: Type.Ref('BoardOrder'),
    shelfOrder: Type.String({ description: 'How the lines are ordered' }),
    lines: Type.Array(
      Type.Object({
        productId: Type.Integer(),
        name: Type.String(),
        packSize: Type.String(),
        quantity: Type.Integer({ minimum: 1 }),
        category: Type.String(),
        subcategory: Type.String(),
      }),
    ),
  }),
});

export const BoardOrderAnswer = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Ref('BoardOrder'),
});

export const StaffCancelBody = Type.Object(
  {
    reason: Type.String({ minLength: 1, maxLength: 200, description: 'Why the store cancels (the shopper sees it)' }),
  },
  { additionalProperties: false },
);

/** Advancing takes no fields: the body is `{}` (a state-changing request is JSON, decision 026). */
export const AdvanceBody = Type.Object({}, { additionalProperties: false });
