/**
 * The local gateway (PAYMENT_PROVIDER=local, development and tests; refused in production): a
 * stand-in for Razorpay kept in tables of its own (`local_gateway_*`). Its page
 * (`server/routes/pay/local.ts`) lets a tester approve with UPI, decline or abandon; approving or
 * declining records the payment as Razorpay would and queues the signed webhooks Razorpay would
 * send, which the server delivers to POST /api/payment/webhook in the background and retries
 * until they are accepted (`deliverDue`). Refunds are processed at once, with a
 * `refund.processed` webhook. Its key secret (payment signatures) and webhook secret are generated
 * and kept in the database like the JWT secret (`sharedSecret`), so every process agrees.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';

import type { Database, Executor } from '../db/client';
import { sharedSecret } from '../db/secrets';
import { localGatewayOrders, localGatewayPayments, localGatewayRefunds, localGatewayWebhooks } from '../db/schema';
import { PAYMENT_MESSAGES } from '../domain/payments';
import type {
  CheckoutSession,
  GatewayOrder,
  GatewayPayment,
  GatewayPaymentStatus,
  GatewayRefund,
  GatewayRefundStatus,
  PaymentGateway,
} from './gateway';

export const LOCAL_KEY_SECRET_NAME = 'local-gateway-key-secret';
export const LOCAL_WEBHOOK_SECRET_NAME = 'local-gateway-webhook-secret';

export interface LocalGatewaySecrets {
  keySecret: string;
  webhookSecret: string;
}

/** The local gateway's secrets, generated once per database and shared by every process. */
export async function localGatewaySecrets(database: Database): Promise<LocalGatewaySecrets> {
  return {
    keySecret: await sharedSecret(database, LOCAL_KEY_SECRET_NAME),
    webhookSecret: await sharedSecret(database, LOCAL_WEBHOOK_SECRET_NAME),
  };
}

export interface LocalGatewayDeps {
  database: Database;
  secrets: LocalGatewaySecrets;
  now: () => Date;
  /** Told when a webhook was queued, so the server can deliver it right away. */
  onWebhookQueued?: () => void;
}

/** Razorpay-style ids: a prefix and 14 characters. */
const newId = (prefix: string) =>
  `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;

export const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

export function sameHex(expected: string, given: string): boolean {
  if (!/^[0-9a-f]+$/i.test(given) || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/** What the page shows for a gateway order. */
export interface LocalOrderView {
  id: string;
  amountPaise: number;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
}

export type LocalOutcome =
  | { event: 'paid'; gatewayOrderId: string; paymentId: string; signature: string }
  | { event: 'failed'; gatewayOrderId: string; paymentId: string; description: string };

/** How long the n-th failed delivery waits before the next: 1 s, 2 s, 4 s... up to 5 minutes. */
export const webhookRetryDelayMs = (attempts: number) => Math.min(1000 * 2 ** Math.max(0, attempts - 1), 300_000);

type PaymentRow = typeof localGatewayPayments.$inferSelect;
type OrderRow = typeof localGatewayOrders.$inferSelect;
type RefundRow = typeof localGatewayRefunds.$inferSelect;

const unix = (at: Date) => Math.floor(at.getTime() / 1000);

export class LocalGateway implements PaymentGateway {
  readonly id = 'local' as const;

  constructor(private readonly deps: LocalGatewayDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  async createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }) {
    const id = newId('order');
    await this.db.insert(localGatewayOrders).values({
      id,
      amountPaise: input.amountPaise,
      receipt: input.receipt,
      notes: input.notes,
      createdAt: this.deps.now(),
    });
    return { id, amountPaise: input.amountPaise, currency: 'INR', receipt: input.receipt } satisfies GatewayOrder;
  }

  checkoutSession(order: GatewayOrder): CheckoutSession {
    return {
      gateway: 'local',
      keyId: 'local',
      gatewayOrderId: order.id,
      amountPaise: order.amountPaise,
      currency: 'INR',
      pageUrl: `/pay/local/${order.id}`,
    };
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment> {
    const [row] = await this.db.select().from(localGatewayPayments).where(eq(localGatewayPayments.id, paymentId));
    if (!row) throw new Error(`local gateway: no payment ${paymentId}`);
    return toPayment(row);
  }

  async fetchOrderPayments(gatewayOrderId: string): Promise<GatewayPayment[]> {
    const rows = await this.db
      .select()
      .from(localGatewayPayments)
      .where(eq(localGatewayPayments.orderId, gatewayOrderId))
      .orderBy(asc(localGatewayPayments.createdAt), asc(localGatewayPayments.id));
    return rows.map(toPayment);
  }

  /** Processed at once; the same receipt answers the refund it made before (a retried call). */
  async refund(input: { paymentId: string; amountPaise: number; receipt: string }): Promise<GatewayRefund> {
    const now = this.deps.now();
    const result = await this.db.transaction(async (tx) => {
      const [payment] = await tx
        .select()
        .from(localGatewayPayments)
        .where(eq(localGatewayPayments.id, input.paymentId))
        .for('update');
      if (!payment) throw new Error(`local gateway: no payment ${input.paymentId}`);
      const [earlier] = await tx
        .select()
        .from(localGatewayRefunds)
        .where(eq(localGatewayRefunds.receipt, input.receipt));
      if (earlier) return { refund: earlier, queued: false };
      if (payment.status !== 'captured' || input.amountPaise > payment.amountPaise || input.amountPaise <= 0) {
        throw new Error(
          `local gateway: payment ${payment.id} (${payment.status}) cannot be refunded ${input.amountPaise}`,
        );
      }
      const [refund] = await tx
        .insert(localGatewayRefunds)
        .values({
          id: newId('rfnd'),
          paymentId: payment.id,
          amountPaise: input.amountPaise,
          receipt: input.receipt,
          status: 'processed',
          createdAt: now,
        })
        .returning();
      await tx.update(localGatewayPayments).set({ status: 'refunded' }).where(eq(localGatewayPayments.id, payment.id));
      const [order] = await tx.select().from(localGatewayOrders).where(eq(localGatewayOrders.id, payment.orderId));
      const refunded = { ...payment, status: 'refunded' };
      await this.queue(
        tx,
        'refund.processed',
        { refund: refundEntity(refund!, now), payment: paymentEntity(refunded, order!) },
        now,
      );
      return { refund: refund!, queued: true };
    });
    if (result.queued) this.deps.onWebhookQueued?.();
    return toRefund(result.refund);
  }

  verifyPaymentSignature(input: { gatewayOrderId: string; paymentId: string; signature: string }): boolean {
    return sameHex(hmacHex(this.deps.secrets.keySecret, `${input.gatewayOrderId}|${input.paymentId}`), input.signature);
  }

  verifyWebhookSignature(rawBody: string, signature: string): boolean {
    return sameHex(hmacHex(this.deps.secrets.webhookSecret, rawBody), signature);
  }

  /** The signature of a webhook body, as the local gateway sends it (tests forge events with it). */
  signWebhook(rawBody: string): string {
    return hmacHex(this.deps.secrets.webhookSecret, rawBody);
  }

  /** The gateway order the page shows; undefined when there is none. */
  async order(gatewayOrderId: string): Promise<LocalOrderView | undefined> {
    const [row] = await this.db.select().from(localGatewayOrders).where(eq(localGatewayOrders.id, gatewayOrderId));
    return (
      row && {
        id: row.id,
        amountPaise: row.amountPaise,
        receipt: row.receipt,
        status: row.status as LocalOrderView['status'],
      }
    );
  }

  /**
   * The shopper approves (UPI): a captured payment, its `payment.captured` and `order.paid`
   * webhooks queued, and the signature Razorpay Checkout hands the browser. Undefined when the
   * order does not exist; 'paid' when it is paid already (unless `again`, which tests use to make
   * a second payment of one order, as a bank's late success can).
   */
  async approve(
    gatewayOrderId: string,
    { method = 'upi', again = false } = {},
  ): Promise<LocalOutcome | 'paid' | undefined> {
    return this.attempt(gatewayOrderId, 'captured', method, null, again);
  }

  /** The bank declines: a failed payment and its `payment.failed` webhook. */
  async decline(
    gatewayOrderId: string,
    { method = 'upi', description = PAYMENT_MESSAGES.declined } = {},
  ): Promise<LocalOutcome | 'paid' | undefined> {
    return this.attempt(gatewayOrderId, 'failed', method, description, false);
  }

  private async attempt(
    gatewayOrderId: string,
    status: 'captured' | 'failed',
    method: string,
    description: string | null,
    again: boolean,
  ): Promise<LocalOutcome | 'paid' | undefined> {
    const now = this.deps.now();
    const outcome = await this.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(localGatewayOrders)
        .where(eq(localGatewayOrders.id, gatewayOrderId))
        .for('update');
      if (!order) return undefined;
      if (order.status === 'paid' && !again) return 'paid' as const;
      const [payment] = await tx
        .insert(localGatewayPayments)
        .values({
          id: newId('pay'),
          orderId: order.id,
          amountPaise: order.amountPaise,
          status,
          method,
          errorDescription: description,
          createdAt: now,
        })
        .returning();
      const orderStatus = status === 'captured' ? 'paid' : order.status === 'paid' ? 'paid' : 'attempted';
      await tx.update(localGatewayOrders).set({ status: orderStatus }).where(eq(localGatewayOrders.id, order.id));
      const updated = { ...order, status: orderStatus };
      if (status === 'captured') {
        await this.queue(tx, 'payment.captured', { payment: paymentEntity(payment!, updated) }, now);
        await this.queue(
          tx,
          'order.paid',
          { payment: paymentEntity(payment!, updated), order: orderEntity(updated, now) },
          now,
        );
        const signature = hmacHex(this.deps.secrets.keySecret, `${order.id}|${payment!.id}`);
        return { event: 'paid', gatewayOrderId: order.id, paymentId: payment!.id, signature } satisfies LocalOutcome;
      }
      await this.queue(tx, 'payment.failed', { payment: paymentEntity(payment!, updated) }, now);
      return {
        event: 'failed',
        gatewayOrderId: order.id,
        paymentId: payment!.id,
        description: description ?? PAYMENT_MESSAGES.failed,
      } satisfies LocalOutcome;
    });
    if (outcome && outcome !== 'paid') this.deps.onWebhookQueued?.();
    return outcome;
  }

  private async queue(tx: Executor, event: string, entities: Record<string, unknown>, now: Date) {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_local',
      event,
      contains: Object.keys(entities),
      payload: Object.fromEntries(Object.entries(entities).map(([name, entity]) => [name, { entity }])),
      created_at: unix(now),
    });
    await tx.insert(localGatewayWebhooks).values({ id: newId('evt'), body, nextAttemptAt: now, createdAt: now });
  }

  /**
   * Delivers the webhooks that are due, oldest first, each claimed so that two processes never
   * send the same one at once: `deliver` posts it (the server injects it into its own
   * POST /api/payment/webhook, the path Razorpay's reach) and answers the status; anything but
   * 2xx, or an error, is retried later (webhookRetryDelayMs). Answers how many were accepted.
   */
  async deliverDue(
    deliver: (body: string, headers: Record<string, string>) => Promise<number>,
    limit = 20,
  ): Promise<number> {
    const now = this.deps.now();
    const due = await this.db
      .select({ id: localGatewayWebhooks.id, body: localGatewayWebhooks.body, attempts: localGatewayWebhooks.attempts })
      .from(localGatewayWebhooks)
      .where(and(isNull(localGatewayWebhooks.deliveredAt), lte(localGatewayWebhooks.nextAttemptAt, now)))
      .orderBy(asc(localGatewayWebhooks.createdAt), asc(localGatewayWebhooks.id))
      .limit(limit);
    let delivered = 0;
    for (const hook of due) {
      // Claim it: push its next attempt out first, so a concurrent sweep passes over it.
      const claimed = await this.db
        .update(localGatewayWebhooks)
        .set({
          attempts: sql`${localGatewayWebhooks.attempts} + 1`,
          nextAttemptAt: new Date(now.getTime() + webhookRetryDelayMs(hook.attempts + 1)),
        })
        .where(
          and(
            eq(localGatewayWebhooks.id, hook.id),
            isNull(localGatewayWebhooks.deliveredAt),
            eq(localGatewayWebhooks.attempts, hook.attempts),
          ),
        )
        .returning({ id: localGatewayWebhooks.id });
      if (claimed.length === 0) continue;
      const status = await deliver(hook.body, {
        'content-type': 'application/json',
        'x-razorpay-signature': this.signWebhook(hook.body),
        'x-razorpay-event-id': hook.id,
      }).catch(() => 0);
      if (status >= 200 && status < 300) {
        await this.db
          .update(localGatewayWebhooks)
          .set({ deliveredAt: this.deps.now() })
          .where(eq(localGatewayWebhooks.id, hook.id));
        delivered++;
      }
    }
    return delivered;
  }
}

function toPayment(row: PaymentRow): GatewayPayment {
  return {
    id: row.id,
    orderId: row.orderId,
    amountPaise: row.amountPaise,
    status: row.status as GatewayPaymentStatus,
    method: row.method,
    errorDescription: row.errorDescription,
  };
}

function toRefund(row: RefundRow): GatewayRefund {
  return {
    id: row.id,
    paymentId: row.paymentId,
    amountPaise: row.amountPaise,
    status: row.status as GatewayRefundStatus,
  };
}

/** Razorpay's payment entity (https://razorpay.com/docs/api/payments/#payment-entity). */
function paymentEntity(payment: PaymentRow, order: OrderRow) {
  const failed = payment.status === 'failed';
  return {
    id: payment.id,
    entity: 'payment',
    amount: payment.amountPaise,
    currency: 'INR',
    status: payment.status,
    order_id: payment.orderId,
    method: payment.method,
    captured: payment.status === 'captured' || payment.status === 'refunded',
    amount_refunded: payment.status === 'refunded' ? payment.amountPaise : 0,
    refund_status: payment.status === 'refunded' ? 'full' : null,
    description: `Receipt ${order.receipt}`,
    error_code: failed ? 'BAD_REQUEST_ERROR' : null,
    error_description: payment.errorDescription,
    error_source: failed ? 'bank' : null,
    error_reason: failed ? 'payment_failed' : null,
    notes: order.notes,
    created_at: unix(payment.createdAt),
  };
}

/** Razorpay's order entity. */
function orderEntity(order: OrderRow, now: Date) {
  const paid = order.status === 'paid';
  return {
    id: order.id,
    entity: 'order',
    amount: order.amountPaise,
    amount_paid: paid ? order.amountPaise : 0,
    amount_due: paid ? 0 : order.amountPaise,
    currency: 'INR',
    receipt: order.receipt,
    status: order.status,
    notes: order.notes,
    created_at: unix(order.createdAt ?? now),
  };
}

/** Razorpay's refund entity. */
function refundEntity(refund: RefundRow, now: Date) {
  return {
    id: refund.id,
    entity: 'refund',
    amount: refund.amountPaise,
    currency: 'INR',
    payment_id: refund.paymentId,
    receipt: refund.receipt,
    status: refund.status,
    speed_processed: 'normal',
    notes: {},
    created_at: unix(refund.createdAt ?? now),
  };
}
