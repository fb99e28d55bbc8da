/**
 * Online payment's flow (issue 17, decision 030), between our database (`server/db/payments.ts`)
 * and the gateway (`PaymentGateway`): the gateway order of an online order, the browser's
 * verification, webhooks, refunds, and the hold job's sweep. Gateway calls are never made inside
 * a database transaction (a slow gateway must not hold locks; PGlite has one connection).
 */
import { createHash } from 'node:crypto';

import type { FastifyBaseLogger } from 'fastify';

import type { Db } from '../db/client';
import {
  applyPayment,
  applyRefund,
  claimExpiredHolds,
  claimGatewayOrderLease,
  claimRefund,
  dueRefunds,
  expireHold,
  isPayable,
  markPending,
  noteRefundError,
  readOrderPayment,
  recordWebhookEvent,
  releaseLease,
  setGatewayOrder,
} from '../db/payments';
import type {
  CheckoutSession,
  GatewayPayment,
  GatewayPaymentStatus,
  GatewayRefundStatus,
  PaymentGateway,
} from './gateway';

/** How long the creator of a gateway order (or the job checking a hold) holds its row's lease. */
export const LEASE_MS = 30_000;
/** How long a request waits for another request's gateway order before giving up (503). */
const WAIT_FOR_GATEWAY_ORDER_MS = 10_000;

export interface PaymentsDeps {
  db: Db;
  gateway: PaymentGateway;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** The gateway could not be reached or refused a call; the shopper may try again. */
export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError';
}

export type SessionResult = { outcome: 'session'; checkout: CheckoutSession } | { outcome: 'not-payable' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The checkout session for an order still awaiting payment: its one gateway order, created now
 * if it has none. Only the holder of the row's lease creates it (`leaseHeld`: the request that
 * placed the order, which took the lease with it); anyone else waits for the holder's, or takes
 * the lease over when the holder's ran out (it crashed), so one order never gets two gateway
 * orders a shopper could pay.
 */
export async function checkoutFor(deps: PaymentsDeps, orderId: string, leaseHeld = false): Promise<SessionResult> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    const row = await readOrderPayment(deps.db, orderId);
    if (!row || !isPayable(row)) return { outcome: 'not-payable' };
    if (row.gatewayOrderId) {
      return {
        outcome: 'session',
        checkout: deps.gateway.checkoutSession({
          id: row.gatewayOrderId,
          amountPaise: row.amountPaise,
          currency: 'INR',
          receipt: orderId,
        }),
      };
    }
    const mine = (leaseHeld && attempt === 0) || (await claimGatewayOrderLease(deps.db, orderId, deps.now(), LEASE_MS));
    if (mine) {
      let created;
      try {
        created = await deps.gateway.createOrder({
          amountPaise: row.amountPaise,
          receipt: orderId,
          notes: { orderId, orderNumber: String(row.orderNumber) },
        });
      } catch (error) {
        deps.log.warn({ err: error, orderId }, 'payment gateway: creating the gateway order failed');
        await releaseLease(deps.db, orderId);
        throw new GatewayUnavailableError('creating the gateway order failed', { cause: error });
      }
      if (await setGatewayOrder(deps.db, orderId, created.id, deps.now())) {
        return { outcome: 'session', checkout: deps.gateway.checkoutSession(created) };
      }
      // Another holder's got there first (ours outlived its lease): theirs is the one; read it.
      continue;
    }
    if (Date.now() - started > WAIT_FOR_GATEWAY_ORDER_MS) {
      throw new GatewayUnavailableError('another request is still creating the gateway order');
    }
    await sleep(50);
  }
}

export type VerifyResult = 'verified' | 'not-found' | 'bad-signature' | 'not-this-order';

/**
 * The browser's proof of payment (Razorpay Checkout's handler): a good signature makes the server
 * ask the gateway for the payment and apply it (captured: the order is paid). When the gateway
 * cannot say yet, the order's payment is `pending` and the webhook finishes it.
 */
export async function verifyPayment(
  deps: PaymentsDeps,
  orderId: string,
  input: { gatewayOrderId: string; paymentId: string; signature: string },
): Promise<VerifyResult> {
  const row = await readOrderPayment(deps.db, orderId);
  if (!row) return 'not-found';
  if (!deps.gateway.verifyPaymentSignature(input)) return 'bad-signature';
  if (row.gatewayOrderId !== input.gatewayOrderId) return 'not-this-order';
  let payment: GatewayPayment | null = null;
  try {
    payment = await deps.gateway.fetchPayment(input.paymentId);
  } catch (error) {
    deps.log.warn({ err: error, orderId }, 'payment gateway: fetching a verified payment failed');
  }
  if (payment && payment.orderId !== input.gatewayOrderId) return 'not-this-order';
  if (!payment) {
    await markPending(deps.db, orderId, deps.now());
    return 'verified';
  }
  const applied = await deps.db.transaction((tx) => applyPayment(tx, payment, deps.now()));
  if (payment.status !== 'captured' && payment.status !== 'failed') await markPending(deps.db, orderId, deps.now());
  await startRefunds(deps, applied.refundIds);
  return 'verified';
}

/** Starts refunds through the gateway (after their rows are committed); failures wait for the job. */
export async function startRefunds(deps: PaymentsDeps, refundIds: readonly string[]) {
  for (const id of refundIds) await startRefund(deps, id);
}

/** One gateway call for a requested refund, if it is due; the refund's id is its receipt. */
export async function startRefund(deps: PaymentsDeps, refundId: string): Promise<void> {
  const claimed = await claimRefund(deps.db, refundId, deps.now());
  if (!claimed) return;
  try {
    const refund = await deps.gateway.refund({
      paymentId: claimed.paymentId,
      amountPaise: claimed.amountPaise,
      receipt: refundId,
    });
    await applyRefund(
      deps.db,
      { id: refund.id, paymentId: refund.paymentId, receipt: refundId, status: refund.status },
      deps.now(),
    );
  } catch (error) {
    deps.log.warn({ err: error, refundId }, 'payment gateway: refund call failed; the payments job retries it');
    await noteRefundError(deps.db, refundId, error instanceof Error ? error.message : String(error));
  }
}

const PAYMENT_STATUSES: readonly GatewayPaymentStatus[] = ['created', 'authorized', 'captured', 'refunded', 'failed'];
const REFUND_STATUSES: readonly GatewayRefundStatus[] = ['pending', 'processed', 'failed'];
const PAYMENT_EVENTS = new Set(['payment.authorized', 'payment.captured', 'payment.failed', 'order.paid']);
const REFUND_EVENTS = new Set(['refund.created', 'refund.processed', 'refund.failed']);

type Entity = Record<string, unknown>;

const entityOf = (payload: unknown, name: string): Entity | undefined => {
  const holder = (payload as Record<string, unknown> | undefined)?.[name] as { entity?: unknown } | undefined;
  const entity = holder?.entity;
  return entity && typeof entity === 'object' ? (entity as Entity) : undefined;
};

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 100;
const isPaise = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** Razorpay's payment entity as a GatewayPayment; undefined when it is not one. */
export function paymentFromEntity(entity: Entity | undefined): GatewayPayment | undefined {
  if (!entity) return undefined;
  const { id, order_id: orderId, amount, status, method, error_description: description } = entity;
  if (!isText(id) || !isText(orderId) || !isPaise(amount)) return undefined;
  if (!PAYMENT_STATUSES.includes(status as GatewayPaymentStatus)) return undefined;
  return {
    id,
    orderId,
    amountPaise: amount,
    status: status as GatewayPaymentStatus,
    method: typeof method === 'string' ? method : 'unknown',
    errorDescription: typeof description === 'string' && description ? description.slice(0, 300) : null,
  };
}

function refundFromEntity(entity: Entity | undefined) {
  if (!entity) return undefined;
  const { id, payment_id: paymentId, status, receipt } = entity;
  if (!isText(id) || !isText(paymentId) || !REFUND_STATUSES.includes(status as GatewayRefundStatus)) return undefined;
  return {
    id,
    paymentId,
    status: status as GatewayRefundStatus,
    receipt: typeof receipt === 'string' ? receipt : null,
  };
}

export type WebhookResult =
  | { outcome: 'bad-signature' }
  | { outcome: 'invalid'; message: string }
  | { outcome: 'duplicate' }
  | { outcome: 'processed'; event: string }
  | { outcome: 'ignored'; event: string };

/**
 * A gateway webhook: the signature first (nothing is read or written without it), then, in one
 * transaction, the event id recorded (a repeat is a duplicate and changes nothing) and the event
 * applied (`applyPayment`, `applyRefund`: repeated or out-of-order events are harmless). Unknown
 * events are recorded and ignored. Refunds the event calls for start after the commit.
 */
export async function handleWebhook(
  deps: PaymentsDeps,
  rawBody: string,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<WebhookResult> {
  if (!signature || !deps.gateway.verifyWebhookSignature(rawBody, signature)) return { outcome: 'bad-signature' };
  let body: { event?: unknown; payload?: unknown };
  try {
    body = JSON.parse(rawBody) as typeof body;
  } catch {
    return { outcome: 'invalid', message: 'The webhook body is not valid JSON.' };
  }
  if (!body || typeof body !== 'object' || !isText(body.event)) {
    return { outcome: 'invalid', message: 'The webhook has no event.' };
  }
  const event = body.event;
  // Razorpay sends x-razorpay-event-id; without it, the body itself identifies a repeat.
  const eventId = isText(eventIdHeader)
    ? eventIdHeader
    : `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
  // Refund events carry the payment too (refunded): recorded as well, so its status is current.
  const payment =
    PAYMENT_EVENTS.has(event) || REFUND_EVENTS.has(event)
      ? paymentFromEntity(entityOf(body.payload, 'payment'))
      : undefined;
  const refund = REFUND_EVENTS.has(event) ? refundFromEntity(entityOf(body.payload, 'refund')) : undefined;
  if (PAYMENT_EVENTS.has(event) && !payment) return { outcome: 'invalid', message: `${event}: no payment entity.` };
  if (REFUND_EVENTS.has(event) && !refund) return { outcome: 'invalid', message: `${event}: no refund entity.` };

  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    if (!(await recordWebhookEvent(tx, eventId, event, now))) return { duplicate: true, refundIds: [] as string[] };
    if (refund) await applyRefund(tx, refund, now);
    if (payment) return { duplicate: false, refundIds: (await applyPayment(tx, payment, now)).refundIds };
    return { duplicate: false, refundIds: [] as string[] };
  });
  if (result.duplicate) return { outcome: 'duplicate' };
  await startRefunds(deps, result.refundIds);
  return payment || refund ? { outcome: 'processed', event } : { outcome: 'ignored', event };
}

export interface SweepReport {
  released: number;
  paid: number;
  refundsStarted: number;
}

/**
 * The payments job, run by every process at start and every ~30 s (all state is in the
 * database, so it survives restarts): orders whose hold ran out are claimed (no two processes
 * take the same one), checked with the gateway (a payment captured without its webhook makes the
 * order paid instead), and released when still unpaid; refund calls that failed are retried.
 */
export async function sweep(deps: PaymentsDeps): Promise<SweepReport> {
  const report: SweepReport = { released: 0, paid: 0, refundsStarted: 0 };
  const claimed = await claimExpiredHolds(deps.db, deps.now(), LEASE_MS);
  for (const { orderId, gatewayOrderId } of claimed) {
    let payments: GatewayPayment[] = [];
    if (gatewayOrderId) {
      try {
        payments = await deps.gateway.fetchOrderPayments(gatewayOrderId);
      } catch (error) {
        // Not released while the gateway cannot say it was not paid; the next sweep asks again
        // once the lease runs out.
        deps.log.warn({ err: error, orderId }, 'payment gateway: checking an expired hold failed');
        continue;
      }
    }
    const refundIds: string[] = [];
    for (const payment of payments) {
      const applied = await deps.db.transaction((tx) => applyPayment(tx, payment, deps.now()));
      refundIds.push(...applied.refundIds);
    }
    const after = await readOrderPayment(deps.db, orderId);
    if (after?.state === 'paid') report.paid++;
    else if (payments.some((payment) => payment.status === 'authorized')) {
      // Money taken and not yet captured: not released while the gateway may still capture it;
      // the next sweep after the lease asks again.
      deps.log.warn({ orderId }, 'payments job: an expired hold has an authorized payment; asking again later');
    } else if (await expireHold(deps.db, orderId, deps.now())) report.released++;
    await startRefunds(deps, refundIds);
  }
  for (const id of await dueRefunds(deps.db, deps.now())) {
    await startRefund(deps, id);
    report.refundsStarted++;
  }
  return report;
}
