import { Type, type Static } from 'typebox';

const Rupees = (description: string) => Type.Number({ description: `${description}, in rupees` });

export const OrderStatus = Type.Union(
  [
    Type.Literal('awaiting-payment'),
    Type.Literal('processing'),
    Type.Literal('packed'),
    Type.Literal('dispatched'),
    Type.Literal('delivered'),
    Type.Literal('cancelled'),
  ],
  {
    description:
      'awaiting-payment (online orders, stock held) -> processing -> packed -> dispatched -> delivered, or cancelled ' +
      '(until dispatched; also when an online payment is not completed in time)',
  },
);
export type OrderStatus = Static<typeof OrderStatus>;

export const OrderLine = Type.Object({
  productId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  quantity: Type.Integer({ minimum: 1, maximum: 50 }),
  price: Type.Number({ minimum: 0, maximum: 1_000_000, description: 'The price in rupees the shopper was shown' }),
});
export type OrderLine = Static<typeof OrderLine>;

const Lines = Type.Array(OrderLine, { minItems: 1, maxItems: 100 });

export const PlaceOrderBody = Type.Object(
  {
    addressId: Type.String({ format: 'uuid', description: "One of the customer's saved addresses" }),
    items: Lines,
    useGiftCardBalance: Type.Optional(
      Type.Boolean({ default: false, description: 'Pay what the e-gift card balance covers' }),
    ),
    paymentMethod: Type.Optional(
      Type.Union([Type.Literal('cod'), Type.Literal('upi'), Type.Literal('card')], {
        default: 'cod',
        description:
          'cod: cash on delivery; upi: UPI; card: card, net banking or wallet (upi and card through the payment ' +
          'gateway: the order awaits payment, its stock held, and the answer carries `checkout`)',
      }),
    ),
    idempotencyKey: Type.Optional(
      Type.String({ minLength: 8, maxLength: 100, description: 'Instead of the Idempotency-Key header' }),
    ),
    replacesOrderId: Type.Optional(
      Type.String({
        format: 'uuid',
        description:
          'One of my orders placed for online payment from the cart before it changed, still unpaid: cancelled as ' +
          'this one is placed, in one step (its stock counts for this one); kept if this one cannot be placed',
      }),
    ),
  },
  { additionalProperties: false },
);
export type PlaceOrderBody = Static<typeof PlaceOrderBody>;

export const QuoteBody = Type.Object(
  {
    addressId: Type.Optional(Type.String({ format: 'uuid' })),
    items: Lines,
    useGiftCardBalance: Type.Optional(Type.Boolean({ default: false })),
    replacesOrderId: Type.Optional(
      Type.String({ format: 'uuid', description: 'As when placing: the stock that unpaid order holds counts' }),
    ),
  },
  { additionalProperties: false },
);
export type QuoteBody = Static<typeof QuoteBody>;

export const Bill = Type.Object({
  mrpTotal: Rupees('What the items cost at MRP'),
  productDiscount: Rupees('MRP total minus items total'),
  itemsTotal: Rupees('Sum of price times quantity'),
  deliveryCharge: Rupees('25 when the items total is 99 or less, else 0'),
  handlingCharge: Rupees('5 on every order'),
  billTotal: Rupees('Items total + delivery + handling'),
  giftCardPaid: Rupees('Paid from the e-gift card balance'),
  toPay: Rupees('Bill total minus the gift card share: collected by the payment method'),
});
export type Bill = Static<typeof Bill>;

export const CurrentLine = Type.Object({
  productId: Type.Integer(),
  name: Type.String(),
  price: Rupees('Current price'),
  mrp: Rupees('Current MRP'),
  quantity: Type.Integer({ description: 'Asked for' }),
  available: Type.Integer({ description: 'In stock now' }),
  problem: Type.Union([
    Type.Literal('price-changed'),
    Type.Literal('out-of-stock'),
    Type.Literal('not-enough-stock'),
    Type.Literal('unavailable'),
    Type.Null(),
  ]),
});
export type CurrentLine = Static<typeof CurrentLine>;

export const OrderAddress = Type.Object({
  tag: Type.String(),
  name: Type.String(),
  buildingName: Type.String(),
  floor: Type.Union([Type.String(), Type.Null()]),
  nearBy: Type.Union([Type.String(), Type.Null()]),
  locality: Type.String(),
  city: Type.String(),
  mobile: Type.Union([Type.String(), Type.Null()]),
  gps: Type.Object({ latitude: Type.Number(), longitude: Type.Number() }),
  pincode: Type.Optional(
    Type.String({
      pattern: '^[1-9][0-9]{5}$',
      description: 'The PIN code; absent on orders placed before addresses had one',
    }),
  ),
});

export const OrderItem = Type.Object({
  productId: Type.Integer(),
  name: Type.String(),
  img: Type.String(),
  size: Type.String(),
  price: Rupees('Price paid'),
  mrp: Rupees('MRP then'),
  quantity: Type.Integer(),
});
export type OrderItem = Static<typeof OrderItem>;

export const PaymentRefund = Type.Object({
  amount: Rupees('Refunded (or being refunded) to the payment method'),
  state: Type.Union([Type.Literal('pending'), Type.Literal('processed'), Type.Literal('failed')]),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const OrderPayment = Type.Object(
  {
    method: Type.Union([Type.Literal('cod'), Type.Literal('upi'), Type.Literal('card'), Type.Literal('gift-card')]),
    label: Type.String({ examples: ['UPI', 'E-Gift Card + UPI', 'Cash on delivery'] }),
    state: Type.Union(
      [
        Type.Literal('due-on-delivery'),
        Type.Literal('not-required'),
        Type.Literal('awaiting'),
        Type.Literal('pending'),
        Type.Literal('paid'),
        Type.Literal('failed'),
        Type.Literal('expired'),
      ],
      {
        description:
          'awaiting: no payment yet; pending: money taken, not yet confirmed; failed: the last attempt failed ' +
          '(still payable until payBy); expired: not paid in time, stock released and the order cancelled',
      },
    ),
    amount: Rupees('Paid or to pay online (or on delivery)'),
    paidAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    failureReason: Type.Union([Type.String(), Type.Null()], {
      description: "The gateway's reason for the last failure",
    }),
    payBy: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When the stock hold ends, while awaiting or failed',
    }),
    refund: Type.Union([PaymentRefund, Type.Null()]),
  },
  { description: 'How the order is paid and where its payment (and any refund) stands' },
);
export type OrderPayment = Static<typeof OrderPayment>;

/** What the browser needs to open the payment gateway's checkout (server/payments/gateway.ts). */
export const CheckoutSession = Type.Object(
  {
    gateway: Type.Union([Type.Literal('razorpay'), Type.Literal('local')]),
    keyId: Type.String({ description: "Razorpay's public key id; 'local' for the local gateway" }),
    gatewayOrderId: Type.String(),
    amountPaise: Type.Integer({ minimum: 1 }),
    currency: Type.Literal('INR'),
    pageUrl: Type.Union([Type.String(), Type.Null()], { description: "The local gateway's page; null for Razorpay" }),
  },
  { description: "Open the gateway's checkout with this" },
);

const CancelReason = Type.Union([Type.String(), Type.Null()], {
  description: "A cancelled order's reason: the shopper's choice, the store's, or 'Replaced by order #N'",
});
const CancelledBy = Type.Union([Type.Literal('customer'), Type.Literal('store'), Type.Null()], {
  description: 'Who cancelled the order; null when not cancelled, or when its time to pay ran out',
});

export const Order = Type.Object({
  id: Type.String({ format: 'uuid' }),
  number: Type.Integer({ description: 'Running order number' }),
  status: OrderStatus,
  placedAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  etaMinutes: Type.Integer(),
  cancelReason: CancelReason,
  cancelledBy: CancelledBy,
  paymentMethod: Type.String({ description: 'As shown: Cash on delivery, E-Gift Card, ...' }),
  canCancel: Type.Boolean(),
  address: OrderAddress,
  store: Type.Object({ name: Type.String(), city: Type.String() }),
  items: Type.Array(OrderItem),
  bill: Bill,
  payment: OrderPayment,
  timeline: Type.Array(Type.Object({ status: OrderStatus, at: Type.String({ format: 'date-time' }) }), {
    description: 'When the order was placed and reached each status since, oldest first',
  }),
  expectedBy: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description:
      'When it should be at the door: the checkout estimate from when it could be prepared, then the ride from ' +
      'when it was packed or dispatched; null while awaiting payment and once delivered or cancelled',
  }),
});
export type Order = Static<typeof Order>;

export const OrderResponse = Type.Object({ success: Type.Literal(true), message: Type.String(), data: Order });
export type OrderResponse = Static<typeof OrderResponse>;

export const PlacedOrderResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Order,
  checkout: Type.Union([CheckoutSession, Type.Null()], {
    description: 'Pay with this while the order awaits payment; null for cash on delivery and when paid',
  }),
});
export type PlacedOrderResponse = Static<typeof PlacedOrderResponse>;

export const PaymentSessionResponse = Type.Object({
  success: Type.Literal(true),
  data: Order,
  checkout: CheckoutSession,
});

export const VerifyPaymentBody = Type.Object(
  {
    gatewayOrderId: Type.String({ minLength: 1, maxLength: 100 }),
    paymentId: Type.String({ minLength: 1, maxLength: 100 }),
    signature: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

export const NotPayable = Type.Object(
  {
    success: Type.Literal(false),
    code: Type.Literal('ORDER_NOT_PAYABLE'),
    message: Type.String(),
    data: Order,
  },
  { description: 'The order is paid, released or cancelled; `data` is the order' },
);

export const WebhookResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String({ examples: ['Processed', 'Already processed', 'Ignored'] }),
});

/** A 409 of placing or cancelling an order: the ErrorResponse fields, the reason and what changed. */
export const OrderConflict = Type.Object(
  {
    success: Type.Literal(false),
    code: Type.Union(
      [
        Type.Literal('PRICE_CHANGED'),
        Type.Literal('OUT_OF_STOCK'),
        Type.Literal('NOT_SERVICEABLE'),
        Type.Literal('ORDER_NOT_CANCELLABLE'),
        Type.Literal('EARLIER_ORDER_PAID'),
      ],
      {
        description:
          'OUT_OF_STOCK when any line cannot be had as asked, else PRICE_CHANGED (reason changed); ' +
          'EARLIER_ORDER_PAID: the order to replace was paid meanwhile (`data`)',
      },
    ),
    message: Type.String(),
    reason: Type.Union([
      Type.Literal('changed'),
      Type.Literal('unserviceable'),
      Type.Literal('not-cancellable'),
      Type.Literal('earlier-paid'),
    ]),
    items: Type.Optional(Type.Array(CurrentLine)),
    data: Type.Optional(Order),
  },
  { description: 'Conflict: nothing was written; `code` and `reason` say why' },
);
export type OrderConflict = Static<typeof OrderConflict>;

export const OrderSummary = Type.Object({
  id: Type.String({ format: 'uuid' }),
  number: Type.Integer(),
  status: OrderStatus,
  placedAt: Type.String({ format: 'date-time' }),
  total: Rupees('Bill total'),
  itemCount: Type.Integer(),
  payment: OrderPayment,
  cancelReason: CancelReason,
  cancelledBy: CancelledBy,
});
export type OrderSummary = Static<typeof OrderSummary>;

export const OrderListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  },
  { additionalProperties: false },
);

export const OrderListResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(OrderSummary),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});
export type OrderListResponse = Static<typeof OrderListResponse>;

export const OrderIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const CancelBody = Type.Object(
  {
    reason: Type.String({ minLength: 1, maxLength: 200, description: 'Why the shopper cancels' }),
    unpaidOnly: Type.Optional(
      Type.Boolean({
        description:
          'Cancel only while the order awaits its online payment: 409 (nothing changes) once it is paid or ' +
          'cancelled, so that leaving an unpaid order never cancels one a payment reached meanwhile',
      }),
    ),
  },
  { additionalProperties: false },
);

export const Serviceability = Type.Object({
  serviceable: Type.Boolean(),
  store: Type.Union([
    Type.Object({
      id: Type.Integer({ description: 'Pass as `store` to catalogue reads for this store’s stock' }),
      name: Type.String(),
      city: Type.String(),
    }),
    Type.Null(),
  ]),
  distanceKm: Type.Union([Type.Number(), Type.Null()]),
  etaMinutes: Type.Union([Type.Integer(), Type.Null()]),
  message: Type.String({ examples: ['Delivery in 9 minutes'] }),
});
export type Serviceability = Static<typeof Serviceability>;

export const ServiceabilityQuery = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lng: Type.Number({ minimum: -180, maximum: 180 }),
  },
  { additionalProperties: false },
);

export const ServiceabilityResponse = Type.Object({ success: Type.Literal(true), data: Serviceability });
export type ServiceabilityResponse = Static<typeof ServiceabilityResponse>;

export const CityQuery = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 60,
      description: "A city's name, e.g. Pune or Bangalore, or a 6-digit PIN code, e.g. 560034",
    }),
  },
  { additionalProperties: false },
);

export const CityCheck = Type.Object({
  /** Whether the name is a place in India. */
  found: Type.Boolean(),
  city: Type.Union([Type.String(), Type.Null()], { description: 'The place as named in the gazetteer' }),
  state: Type.Union([Type.String(), Type.Null()]),
  coverage: Type.Union([Type.Literal('centre'), Type.Literal('parts'), Type.Literal('none'), Type.Null()], {
    description: 'centre: its centre is served; parts: a store reaches some of it; none; null: not found',
  }),
  etaMinutes: Type.Union([Type.Integer(), Type.Null()], { description: 'To the city centre, when it is served' }),
  stores: Type.Integer({ description: 'Dark stores that reach into the city' }),
  servedCities: Type.Array(Type.String()),
  pincode: Type.Union([Type.String({ pattern: '^[1-9]\\d{5}$' }), Type.Null()], {
    description: 'The PIN code asked about; null for a city name',
  }),
  locality: Type.Union([Type.String(), Type.Null()], {
    description: "The PIN code's locality (India Post's office it is named after); null for a city name",
  }),
  message: Type.String({ examples: ['Yes, we deliver to Pune: about 8 minutes to the city centre.'] }),
});
export type CityCheck = Static<typeof CityCheck>;

export const CityCheckResponse = Type.Object({ success: Type.Literal(true), data: CityCheck });
export type CityCheckResponse = Static<typeof CityCheckResponse>;

export const QuoteResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    items: Type.Array(CurrentLine),
    bill: Bill,
    giftCardBalance: Rupees('E-gift card balance'),
    delivery: Type.Union([Serviceability, Type.Null()]),
  }),
});
export type QuoteResponse = Static<typeof QuoteResponse>;

export const WalletEntry = Type.Object({
  id: Type.String(),
  amount: Rupees('Credit (positive) or debit (negative)'),
  kind: Type.Union([Type.Literal('giftcard'), Type.Literal('order'), Type.Literal('refund')]),
  at: Type.String({ format: 'date-time' }),
  orderId: Type.Union([Type.String(), Type.Null()]),
  orderNumber: Type.Union([Type.Integer(), Type.Null()]),
  codeHint: Type.Union([Type.String(), Type.Null()]),
});
export type WalletEntry = Static<typeof WalletEntry>;

export const WalletResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({ balance: Rupees('Balance'), history: Type.Array(WalletEntry) }),
});
export type WalletResponse = Static<typeof WalletResponse>;

export const RedeemBody = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 40, description: 'XXXX-XXXX-XXXX-XXXX' }) },
  { additionalProperties: false },
);

export const RedeemResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({ amount: Rupees('Added'), balance: Rupees('New balance') }),
});
export type RedeemResponse = Static<typeof RedeemResponse>;
