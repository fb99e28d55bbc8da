import { Type, type Static } from 'typebox';

const Gps = Type.Object({
  latitude: Type.Number({ minimum: -90, maximum: 90 }),
  longitude: Type.Number({ minimum: -180, maximum: 180 }),
});

/** Spec point 3's Address as the API answers it. */
export const Address = Type.Object(
  {
    _id: Type.String({ format: 'uuid' }),
    customer: Type.String({ format: 'uuid', description: 'The customer the address belongs to' }),
    tag: Type.String({ description: 'Home, Work, Hotel or a custom text' }),
    locality: Type.String({ description: 'Filled from the map' }),
    buildingName: Type.String(),
    floor: Type.Optional(Type.String()),
    nearBy: Type.Optional(Type.String()),
    name: Type.String(),
    mobile: Type.Optional(Type.String({ description: '10 digits, without +91' })),
    gps: Gps,
    city: Type.String(),
    area: Type.Optional(Type.String()),
    state: Type.Optional(Type.String()),
    pincode: Type.Optional(
      Type.String({
        pattern: '^[1-9][0-9]{5}$',
        examples: ['560034'],
        description:
          'The PIN code. Every address saved since it exists has one; older ones the gazetteer could not place have none',
      }),
    ),
    version: Type.Integer({ minimum: 1, description: 'Send it back with an edit: a stale one gets 409' }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Address' },
);
export type Address = Static<typeof Address>;

/**
 * What the client sends. The route checks it itself (spec point 5's messages, in the form's
 * order), so this schema documents rather than enforces.
 */
export const AddressBody = Type.Object({
  _id: Type.Optional(
    Type.String({ format: 'uuid', description: 'Optional client-chosen id: a replayed add saves nothing twice' }),
  ),
  tag: Type.String({ examples: ['Home'] }),
  locality: Type.String(),
  buildingName: Type.String(),
  floor: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  nearBy: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  name: Type.String(),
  mobile: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  gps: Gps,
  city: Type.String(),
  area: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  state: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  pincode: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      examples: ['560034'],
      description:
        'PIN code: 6 digits, the first 1-9 (spaces are dropped). Absent, null or blank: the PIN code of the `gps` point is filled in (400 when there is none)',
    }),
  ),
  version: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 2_147_483_647,
      description: 'PUT only: the version the edit is based on (409 when stale)',
    }),
  ),
});
export type AddressBody = Static<typeof AddressBody>;

export const AddressListQuery = Type.Object({
  customer: Type.String({ description: 'The signed-in customer id' }),
});

export const UserIdParams = Type.Object({ userId: Type.String() });
export const AddressIdParams = Type.Object({ addressId: Type.String() });

export const AddressList = Type.Object({ success: Type.Literal(true), data: Type.Array(Type.Ref('Address')) });
// A $ref has no static type of its own; spell out what it points at.
export type AddressList = { success: true; data: Address[] };

export const AddressAnswer = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Ref('Address'),
});
export type AddressAnswer = { success: true; message: string; data: Address };

/** A 409 of an address edit: the ErrorResponse fields and the current address. */
export const AddressConflict = Type.Object(
  {
    success: Type.Literal(false),
    code: Type.Literal('STALE_VERSION'),
    message: Type.String(),
    data: Type.Optional(Type.Ref('Address')),
  },
  { description: 'Conflict (STALE_VERSION): nothing was saved; `data` is the current address' },
);

export const AddressDeleted = Type.Object({ success: Type.Literal(true), message: Type.String() });

export const PincodeCheckQuery = Type.Object(
  {
    pincode: Type.String({
      pattern: '^[1-9][0-9]{5}$',
      description: 'The PIN code typed, 6 digits',
      examples: ['560034'],
    }),
    lat: Type.Number({ minimum: -90, maximum: 90, description: "The address's point on the map" }),
    lng: Type.Number({ minimum: -180, maximum: 180 }),
  },
  { additionalProperties: false },
);

export const PincodeCheckAnswer = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    pincode: Type.String(),
    /** Why saving the address with this PIN code would be refused; null when it would not. */
    message: Type.Union([Type.String(), Type.Null()]),
  }),
});
