import type { Static } from 'typebox';

import type { exportCustomerData } from '../../../db/account';
import type { exportPayments } from '../../../db/payments';
import type { AddressRow } from '../../../db/schema';
import type { OrderDetail } from '../../../db/orders/read';
import type { walletSummary } from '../../../db/wallet';
import { paiseToRupees } from '../../../domain/money';
import type { AccountExport } from '../../../schemas/customer';
import { toAddress } from '../address';
import { toOrder } from '../order/serialize';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

interface AccountData extends NonNullable<Awaited<ReturnType<typeof exportCustomerData>>> {
  orders: OrderDetail[];
  wallet: Awaited<ReturnType<typeof walletSummary>>;
  addresses: AddressRow[];
  payments: Awaited<ReturnType<typeof exportPayments>>;
}

/** Spec point 7's data download: everything stored about the customer, hashes left out. */
export function toAccountExport(data: AccountData, now: Date): Static<typeof AccountExport> {
  return {
    exportedAt: iso(now),
    customer: { ...data.customer, createdAt: iso(data.customer.createdAt) },
    sessions: data.sessions.map((s) => ({
      ...s,
      createdAt: iso(s.createdAt),
      expiresAt: iso(s.expiresAt),
      revokedAt: isoOrNull(s.revokedAt),
    })),
    otpRequests: data.otpRequests.map((o) => ({
      ...o,
      createdAt: iso(o.createdAt),
      expiresAt: iso(o.expiresAt),
      consumedAt: isoOrNull(o.consumedAt),
    })),
    addresses: data.addresses.map(toAddress),
    orders: data.orders.map(toOrder),
    giftCardWallet: {
      balance: paiseToRupees(data.wallet.balancePaise),
      history: data.wallet.entries.map((entry) => ({
        amount: paiseToRupees(entry.amountPaise),
        kind: entry.kind,
        at: iso(entry.createdAt),
        orderNumber: entry.orderNumber,
      })),
    },
    payments: data.payments.payments.map((payment) => ({
      id: payment.id,
      orderId: payment.orderId,
      gatewayOrderId: payment.gatewayOrderId,
      amount: paiseToRupees(payment.amountPaise),
      status: payment.status,
      method: payment.method,
      failureReason: payment.errorDescription,
      createdAt: iso(payment.createdAt),
      updatedAt: iso(payment.updatedAt),
    })),
    refunds: data.payments.refunds.map((refund) => ({
      id: refund.id,
      orderId: refund.orderId,
      paymentId: refund.paymentId,
      amount: paiseToRupees(refund.amountPaise),
      reason: refund.reason,
      state: refund.state === 'requested' ? 'pending' : refund.state,
      createdAt: iso(refund.createdAt),
      updatedAt: iso(refund.updatedAt),
    })),
  };
}
