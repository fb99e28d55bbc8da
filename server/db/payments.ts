/**
 * Online payment in the database (issue 17, decision 030): an online order's payment row, what
 * the gateway says about its payments and refunds, releasing an order whose hold ran out, and
 * the refunds that follow. Every change to an order's payment takes the customer's lock first,
 * then the order's row, as placing and cancelling do, so none of them can interleave. Nothing
 * here calls the gateway: `server/payments/service.ts` does, outside any transaction.
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';

import { transition } from '../domain/order-status';
import { PAYMENT_MESSAGES, type OnlineMethodId } from '../domain/payments';
import type { GatewayId, GatewayPayment, GatewayPaymentStatus, GatewayRefundStatus } from '../payments/gateway';
import type { Db, Executor } from './client';
import { lockCustomer } from './locks';
import { releaseHeld } from './orders/release';
import { toStatus } from './orders/read';
import { gatewayPayments, orderPayments, orders, paymentWebhookEvents, refunds } from './schema';
import { rowsOf } from './rows';

/** The states in which an order's payment can still be made (its hold runs). */
export const OPEN_PAYMENT_STATES = ['awaiting', 'pending', 'failed'] as const;
const isOpen = (state: string) => (OPEN_PAYMENT_STATES as readonly string[]).includes(state);

export type RefundReason = 'cancelled' | 'late-payment' | 'double-payment' | 'amount-mismatch';

/** Written with an online order, in its transaction: the creator of the gateway order holds the lease. */
export async function insertOrderPayment(
  tx: Executor,
  input: {
    orderId: string;
    gateway: GatewayId;
    method: OnlineMethodId;
    amountPaise: number;
    holdMinutes: number;
    leaseMs: number;
    now: Date;
  },
) {
  await tx.insert(orderPayments).values({
    orderId: input.orderId,
    gateway: input.gateway,
    method: input.method,
    amountPaise: input.amountPaise,
    state: 'awaiting',
    claimedUntil: new Date(input.now.getTime() + input.leaseMs),
    holdUntil: new Date(input.now.getTime() + input.holdMinutes * 60_000),
    createdAt: input.now,
    updatedAt: input.now,
  });
}

/** An order's payment row with its order's status (unlocked). */
export async function readOrderPayment(executor: Executor, orderId: string) {
  const [row] = await executor
    .select({
      orderId: orderPayments.orderId,
      customerId: orders.customerId,
      orderNumber: orders.number,
      orderStatus: orders.status,
      state: orderPayments.state,
      gateway: orderPayments.gateway,
      gatewayOrderId: orderPayments.gatewayOrderId,
      amountPaise: orderPayments.amountPaise,
      claimedUntil: orderPayments.claimedUntil,
      holdUntil: orderPayments.holdUntil,
      paidPaymentId: orderPayments.paidPaymentId,
    })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(eq(orderPayments.orderId, orderId));
  return row;
}

export type OrderPaymentRow = NonNullable<Awaited<ReturnType<typeof readOrderPayment>>>;

/** Whether the order can still be paid: awaiting payment, its payment open. */
export const isPayable = (row: Pick<OrderPaymentRow, 'orderStatus' | 'state'>) =>
  row.orderStatus === 'awaiting-payment' && isOpen(row.state);

/**
 * Takes the lease to create the order's gateway order when nobody holds it (or a holder's ran
 * out): true when this caller now holds it.
 */
export async function claimGatewayOrderLease(db: Db, orderId: string, now: Date, leaseMs: number): Promise<boolean> {
  const claimed = await db
    .update(orderPayments)
    .set({ claimedUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(orderPayments.orderId, orderId),
        isNull(orderPayments.gatewayOrderId),
        or(isNull(orderPayments.claimedUntil), lte(orderPayments.claimedUntil, now)),
      ),
    )
    .returning({ orderId: orderPayments.orderId });
  return claimed.length > 0;
}

/** Records the gateway order the lease holder created; false when another holder's got there first. */
export async function setGatewayOrder(db: Db, orderId: string, gatewayOrderId: string, now: Date): Promise<boolean> {
  const set = await db
    .update(orderPayments)
    .set({ gatewayOrderId, claimedUntil: null, updatedAt: now })
    .where(and(eq(orderPayments.orderId, orderId), isNull(orderPayments.gatewayOrderId)))
    .returning({ orderId: orderPayments.orderId });
  return set.length > 0;
}

export async function releaseLease(db: Db, orderId: string) {
  await db.update(orderPayments).set({ claimedUntil: null }).where(eq(orderPayments.orderId, orderId));
}

/** Payment states in the order they can move: a later report never moves one back. */
const PAYMENT_RANK: Record<GatewayPaymentStatus, number> = {
  created: 0,
  failed: 1,
  authorized: 2,
  captured: 3,
  refunded: 4,
};

/** Locks the customer, then the order's payment and order rows; the row as it is now. */
async function lockOrderPayment(tx: Executor, orderId: string, customerId: string) {
  await lockCustomer(tx, customerId);
  const [row] = await tx
    .select({
      orderId: orderPayments.orderId,
      state: orderPayments.state,
      amountPaise: orderPayments.amountPaise,
      holdUntil: orderPayments.holdUntil,
      paidPaymentId: orderPayments.paidPaymentId,
      orderStatus: orders.status,
      walletPaise: orders.walletPaise,
    })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(eq(orderPayments.orderId, orderId))
    .for('update');
  return row!;
}

/** A refund of the whole payment, unless it has one already; its id when new. */
async function addRefund(
  tx: Executor,
  input: { orderId: string; paymentId: string; amountPaise: number; reason: RefundReason; now: Date },
): Promise<string[]> {
  const inserted = await tx
    .insert(refunds)
    .values({
      orderId: input.orderId,
      paymentId: input.paymentId,
      amountPaise: input.amountPaise,
      reason: input.reason,
      state: 'requested',
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing({ target: refunds.paymentId })
    .returning({ id: refunds.id });
  return inserted.map((row) => row.id);
}

export interface Applied {
  /** Our order the payment belongs to; null when the gateway order is not one of ours. */
  orderId: string | null;
  /** Refunds to start through the gateway once the transaction commits. */
  refundIds: string[];
}

/**
 * What a gateway says about one payment (from the browser's verify, a webhook, or the hold job),
 * applied inside the caller's transaction. Idempotent and order-free: the payment's recorded
 * status only moves forward (a `payment.failed` after `payment.captured` changes nothing), and
 * the order's payment changes only from a state that allows it:
 * - captured, for the amount asked: the order is paid (awaiting payment -> processing); if it was
 *   paid by another payment already, this one is refunded (double payment); if the order was
 *   released or cancelled unpaid, it is refunded (late payment); a different amount is refunded.
 * - authorized: money taken, not yet confirmed: `pending`.
 * - failed: `failed` with the gateway's reason, while nothing better is known; still payable.
 */
export async function applyPayment(tx: Executor, payment: GatewayPayment, now: Date): Promise<Applied> {
  const [owner] = await tx
    .select({ orderId: orderPayments.orderId, customerId: orders.customerId })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(eq(orderPayments.gatewayOrderId, payment.orderId));
  if (!owner) return { orderId: null, refundIds: [] };
  const row = await lockOrderPayment(tx, owner.orderId, owner.customerId);

  const [known] = await tx
    .select({ status: gatewayPayments.status })
    .from(gatewayPayments)
    .where(eq(gatewayPayments.id, payment.id))
    .for('update');
  let status = payment.status;
  if (!known) {
    await tx.insert(gatewayPayments).values({
      id: payment.id,
      orderId: owner.orderId,
      gatewayOrderId: payment.orderId,
      amountPaise: payment.amountPaise,
      status: payment.status,
      method: payment.method,
      errorDescription: payment.errorDescription,
      createdAt: now,
      updatedAt: now,
    });
  } else if (PAYMENT_RANK[payment.status] > PAYMENT_RANK[known.status as GatewayPaymentStatus]) {
    await tx
      .update(gatewayPayments)
      .set({
        status: payment.status,
        method: payment.method,
        errorDescription: payment.errorDescription,
        updatedAt: now,
      })
      .where(eq(gatewayPayments.id, payment.id));
  } else {
    status = known.status as GatewayPaymentStatus;
  }

  const refundIds: string[] = [];
  const refund = async (reason: RefundReason) =>
    refundIds.push(
      ...(await addRefund(tx, {
        orderId: owner.orderId,
        paymentId: payment.id,
        amountPaise: payment.amountPaise,
        reason,
        now,
      })),
    );
  const payable = row.orderStatus === 'awaiting-payment' && isOpen(row.state);

  if (status === 'captured') {
    if (payment.amountPaise !== row.amountPaise) {
      await refund('amount-mismatch');
    } else if (row.state === 'paid') {
      if (row.paidPaymentId !== payment.id) await refund('double-payment');
    } else if (payable) {
      const step = transition(toStatus(row.orderStatus), 'pay');
      if (!step.ok) throw new Error(step.message);
      await tx.update(orders).set({ status: step.next, updatedAt: now }).where(eq(orders.id, owner.orderId));
      await tx
        .update(orderPayments)
        .set({
          state: 'paid',
          paidPaymentId: payment.id,
          paidAt: now,
          failureReason: null,
          claimedUntil: null,
          updatedAt: now,
        })
        .where(eq(orderPayments.orderId, owner.orderId));
    } else {
      await refund('late-payment');
    }
  } else if ((status === 'authorized' || status === 'created') && payable && row.state !== 'pending') {
    await markPendingLocked(tx, owner.orderId, now);
  } else if (status === 'failed' && payable && row.state !== 'pending') {
    await tx
      .update(orderPayments)
      .set({ state: 'failed', failureReason: payment.errorDescription || PAYMENT_MESSAGES.failed, updatedAt: now })
      .where(eq(orderPayments.orderId, owner.orderId));
  }
  return { orderId: owner.orderId, refundIds };
}

async function markPendingLocked(tx: Executor, orderId: string, now: Date) {
  await tx
    .update(orderPayments)
    .set({ state: 'pending', failureReason: null, updatedAt: now })
    .where(eq(orderPayments.orderId, orderId));
}

/**
 * The browser was handed a good signature but the gateway cannot confirm the payment yet: money
 * was taken, the webhook will finish it (`pending`, if the order is still awaiting payment).
 */
export async function markPending(db: Db, orderId: string, now: Date) {
  await db.transaction(async (tx) => {
    const head = await readOrderPayment(tx, orderId);
    if (!head) return;
    const row = await lockOrderPayment(tx, orderId, head.customerId);
    if (row.orderStatus === 'awaiting-payment' && (row.state === 'awaiting' || row.state === 'failed')) {
      await markPendingLocked(tx, orderId, now);
    }
  });
}

const REFUND_RANK: Record<string, number> = { requested: 0, pending: 1, processed: 2, failed: 2 };

/**
 * What a gateway says about a refund (its answer to the call, or a refund webhook): found by the
 * gateway's id, else by our receipt (the refund row's id), else by the payment (one refund per
 * payment). The state only moves forward; processed and failed are final.
 */
export async function applyRefund(
  executor: Executor,
  refund: { id: string; paymentId: string; receipt: string | null; status: GatewayRefundStatus },
  now: Date,
): Promise<boolean> {
  const uuidReceipt = refund.receipt && /^[0-9a-f-]{36}$/i.test(refund.receipt) ? refund.receipt : null;
  const [row] = await executor
    .select({ id: refunds.id, state: refunds.state, gatewayRefundId: refunds.gatewayRefundId })
    .from(refunds)
    .where(
      or(
        eq(refunds.gatewayRefundId, refund.id),
        uuidReceipt ? eq(refunds.id, uuidReceipt) : undefined,
        eq(refunds.paymentId, refund.paymentId),
      ),
    )
    .limit(1)
    .for('update');
  if (!row) return false;
  const forward = REFUND_RANK[refund.status]! > REFUND_RANK[row.state]!;
  if (!forward && row.gatewayRefundId) return true;
  await executor
    .update(refunds)
    .set({ ...(forward && { state: refund.status }), gatewayRefundId: refund.id, updatedAt: now })
    .where(eq(refunds.id, row.id));
  return true;
}

/**
 * Cancelling an online order (inside cancelOrder's transaction, customer and order locked): a
 * paid order gets a refund of the whole payment; an unpaid one stops taking payments (`expired`).
 */
export async function closeOnlinePayment(tx: Executor, orderId: string, now: Date): Promise<string[]> {
  const [row] = await tx
    .select({
      state: orderPayments.state,
      paidPaymentId: orderPayments.paidPaymentId,
      amountPaise: orderPayments.amountPaise,
    })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, orderId))
    .for('update');
  if (!row) return [];
  if (row.state === 'paid') {
    return addRefund(tx, {
      orderId,
      paymentId: row.paidPaymentId!,
      amountPaise: row.amountPaise,
      reason: 'cancelled',
      now,
    });
  }
  if (isOpen(row.state)) {
    await tx
      .update(orderPayments)
      .set({ state: 'expired', claimedUntil: null, updatedAt: now })
      .where(eq(orderPayments.orderId, orderId));
  }
  return [];
}

/**
 * Claims up to `limit` orders whose hold has run out and that no other process is looking at
 * (`FOR UPDATE SKIP LOCKED`, then a lease in `claimed_until`): the hold job checks each with the
 * gateway before releasing it.
 */
export async function claimExpiredHolds(db: Db, now: Date, leaseMs: number, limit = 20) {
  return rowsOf<{ orderId: string; gatewayOrderId: string | null }>(
    await db.execute(sql`
      update ${orderPayments} set claimed_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
      where order_id in (
        select order_id from ${orderPayments}
        where state in ('awaiting', 'pending', 'failed') and hold_until <= ${now.toISOString()}::timestamptz
          and (claimed_until is null or claimed_until <= ${now.toISOString()}::timestamptz)
        order by hold_until limit ${limit}
        for update skip locked)
      returning order_id as "orderId", gateway_order_id as "gatewayOrderId"`),
  );
}

/**
 * Releases an order whose hold ran out (after the job applied what the gateway says): if it is
 * still unpaid, its stock and gift card share go back, it is cancelled ('Payment not completed in
 * time.') and its payment `expired`. Answers whether it was released; a second call (or another
 * process) finds it released and does nothing.
 */
export async function expireHold(db: Db, orderId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const head = await readOrderPayment(tx, orderId);
    if (!head) return false;
    const row = await lockOrderPayment(tx, orderId, head.customerId);
    const due = row.orderStatus === 'awaiting-payment' && isOpen(row.state) && row.holdUntil.getTime() <= now.getTime();
    if (!due) {
      await tx.update(orderPayments).set({ claimedUntil: null }).where(eq(orderPayments.orderId, orderId));
      return false;
    }
    const step = transition(toStatus(row.orderStatus), 'expire');
    if (!step.ok) throw new Error(step.message);
    await tx
      .update(orders)
      .set({ status: step.next, cancelReason: PAYMENT_MESSAGES.expiredReason, cancelledBy: null, updatedAt: now })
      .where(eq(orders.id, orderId));
    await releaseHeld(tx, { orderId, customerId: head.customerId, walletPaise: row.walletPaise, now });
    await tx
      .update(orderPayments)
      .set({ state: 'expired', claimedUntil: null, updatedAt: now })
      .where(eq(orderPayments.orderId, orderId));
    return true;
  });
}

/** Refunds whose gateway call is due (never made, or failed and waiting to be retried). */
export async function dueRefunds(db: Db, now: Date, limit = 20): Promise<string[]> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.state, 'requested'), or(isNull(refunds.nextAttemptAt), lte(refunds.nextAttemptAt, now))))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** How long after the n-th failed refund call the job tries again: 30 s, 1 min, 2 min... up to an hour. */
export const refundRetryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/**
 * Claims a requested refund for one gateway call (so two processes never make it at once):
 * pushes its next attempt out and answers what to refund, or undefined when it is not due.
 */
export async function claimRefund(db: Db, refundId: string, now: Date) {
  const [row] = await db
    .update(refunds)
    .set({
      attempts: sql`${refunds.attempts} + 1`,
      nextAttemptAt: sql`${now.toISOString()}::timestamptz + make_interval(secs => least(30 * power(2, ${refunds.attempts}), 3600))`,
      updatedAt: now,
    })
    .where(
      and(
        eq(refunds.id, refundId),
        eq(refunds.state, 'requested'),
        or(isNull(refunds.nextAttemptAt), lte(refunds.nextAttemptAt, now)),
      ),
    )
    .returning({ id: refunds.id, paymentId: refunds.paymentId, amountPaise: refunds.amountPaise });
  return row;
}

export async function noteRefundError(db: Db, refundId: string, message: string) {
  await db
    .update(refunds)
    .set({ lastError: message.slice(0, 500) })
    .where(eq(refunds.id, refundId));
}

/** Webhook events already seen: true when this one is new (and now recorded). */
export async function recordWebhookEvent(tx: Executor, id: string, event: string, now: Date): Promise<boolean> {
  const inserted = await tx
    .insert(paymentWebhookEvents)
    .values({ id, event, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: paymentWebhookEvents.id });
  return inserted.length > 0;
}

/** The payments and refunds of a customer's orders, for the data export. */
export async function exportPayments(db: Db, customerId: string) {
  const ids = (await db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId))).map(
    (row) => row.id,
  );
  if (ids.length === 0) return { payments: [], refunds: [] };
  const [paymentRows, refundRows] = await Promise.all([
    db
      .select({
        id: gatewayPayments.id,
        orderId: gatewayPayments.orderId,
        gatewayOrderId: gatewayPayments.gatewayOrderId,
        amountPaise: gatewayPayments.amountPaise,
        status: gatewayPayments.status,
        method: gatewayPayments.method,
        errorDescription: gatewayPayments.errorDescription,
        createdAt: gatewayPayments.createdAt,
        updatedAt: gatewayPayments.updatedAt,
      })
      .from(gatewayPayments)
      .where(inArray(gatewayPayments.orderId, ids))
      .orderBy(asc(gatewayPayments.createdAt)),
    db
      .select({
        id: refunds.id,
        orderId: refunds.orderId,
        paymentId: refunds.paymentId,
        amountPaise: refunds.amountPaise,
        reason: refunds.reason,
        state: refunds.state,
        createdAt: refunds.createdAt,
        updatedAt: refunds.updatedAt,
      })
      .from(refunds)
      .where(inArray(refunds.orderId, ids))
      .orderBy(asc(refunds.createdAt)),
  ]);
  return { payments: paymentRows, refunds: refundRows };
}
