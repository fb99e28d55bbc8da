import { Type, type Static } from 'typebox';

import { MOBILE_INPUT_MAX_LENGTH } from '../domain/auth';
import { Address } from './address';
import { Order } from './order';

const Mobile = Type.String({
  maxLength: MOBILE_INPUT_MAX_LENGTH,
  description: '10-digit Indian mobile number; spaces, dashes, +91 or a leading 0 are ignored',
  examples: ['9876543210', '+91 98765-43210'],
});

export const OtpRequestBody = Type.Object({ mobile: Mobile });
export type OtpRequestBody = Static<typeof OtpRequestBody>;

export const OtpRequestResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String({ examples: ['OTP sent'] }),
  data: Type.Object({
    mobile: Type.String({ description: 'The number, masked: 98XXXXXX10' }),
    expiresIn: Type.Integer({ description: 'Seconds the code is valid' }),
    resendIn: Type.Integer({ description: 'Seconds before another code may be requested' }),
  }),
});
export type OtpRequestResponse = Static<typeof OtpRequestResponse>;

export const VerifyOtpBody = Type.Object({
  mobile: Mobile,
  otp: Type.String({ pattern: '^\\d{6}$', description: 'The 6-digit code from the SMS' }),
});
export type VerifyOtpBody = Static<typeof VerifyOtpBody>;

export const CustomerSummary = Type.Object({
  id: Type.String({ format: 'uuid' }),
  mobile: Type.String({ description: '10 digits, without +91' }),
});
export type CustomerSummary = Static<typeof CustomerSummary>;

export const SignInResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String({ examples: ['Login successful'] }),
  token: Type.String({ description: 'The session JWT (HS256, 3600 s); also set as the `_auth` cookie' }),
  data: CustomerSummary,
});
export type SignInResponse = Static<typeof SignInResponse>;

export const RefreshBody = Type.Object({
  refreshToken: Type.Optional(
    Type.String({ maxLength: 200, description: 'For clients without cookies; browsers send `_auth_refresh`' }),
  ),
});

export const RefreshResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  token: Type.String(),
  data: CustomerSummary,
  refreshToken: Type.Optional(
    Type.String({ description: 'The next refresh token; only when the old one came in the body' }),
  ),
});
export type RefreshResponse = Static<typeof RefreshResponse>;

export const LogoutBody = Type.Object({ refreshToken: Type.Optional(Type.String({ maxLength: 200 })) });

export const MessageResponse = Type.Object({ success: Type.Literal(true), message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

export const MeResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    id: Type.String({ format: 'uuid' }),
    mobile: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
  }),
});
export type MeResponse = Static<typeof MeResponse>;

const Timestamp = Type.String({ format: 'date-time' });
const OptionalTimestamp = Type.Union([Timestamp, Type.Null()]);

export const AccountExport = Type.Object({
  exportedAt: Timestamp,
  customer: Type.Object({ id: Type.String(), mobile: Type.String(), createdAt: Timestamp }),
  sessions: Type.Array(
    Type.Object({
      id: Type.String(),
      familyId: Type.String(),
      createdAt: Timestamp,
      expiresAt: Timestamp,
      revokedAt: OptionalTimestamp,
      replacedBy: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  otpRequests: Type.Array(
    Type.Object({
      createdAt: Timestamp,
      expiresAt: Timestamp,
      consumedAt: OptionalTimestamp,
      attempts: Type.Integer(),
      ip: Type.String(),
    }),
  ),
  addresses: Type.Array(Address),
  orders: Type.Array(Order),
  giftCardWallet: Type.Object({
    balance: Type.Number(),
    history: Type.Array(
      Type.Object({
        amount: Type.Number(),
        kind: Type.String(),
        at: Timestamp,
        orderNumber: Type.Union([Type.Integer(), Type.Null()]),
      }),
    ),
  }),
  payments: Type.Array(
    Type.Object(
      {
        id: Type.String(),
        orderId: Type.String(),
        gatewayOrderId: Type.String(),
        amount: Type.Number(),
        status: Type.String({ description: "The gateway's: authorized, captured, refunded, failed" }),
        method: Type.Union([Type.String(), Type.Null()]),
        failureReason: Type.Union([Type.String(), Type.Null()]),
        createdAt: Timestamp,
        updatedAt: Timestamp,
      },
      { description: 'Every online payment of your orders the gateway told us about' },
    ),
  ),
  refunds: Type.Array(
    Type.Object({
      id: Type.String(),
      orderId: Type.String(),
      paymentId: Type.String(),
      amount: Type.Number(),
      reason: Type.String({ description: 'cancelled, late-payment, double-payment or amount-mismatch' }),
      state: Type.String({ description: 'pending, processed or failed' }),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    }),
  ),
});
export type AccountExport = Static<typeof AccountExport>;

export const DeleteAccountBody = Type.Object({
  confirm: Type.Boolean({ description: 'Must be true' }),
});
