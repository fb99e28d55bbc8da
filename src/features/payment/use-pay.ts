import { HTTPError } from 'ky';
import { useEffect, useRef, useState } from 'react';

import { serverMessage } from '../../lib/server-message';
import { fetchOrder } from './api/get-order';
import { startPayment } from './api/start-payment';
import { verifyPayment } from './api/verify-payment';
import { PAYMENT_TEXT, payOrderHref, pollDelay } from './constants';
import { BlockedByPolicy, documentIsCheckout, openRazorpay } from './razorpay';
import type { CheckoutSession, GatewayOutcome, OnlineMethod, OrderWithPayment } from './types';

/** Where paying an order stands, as the screen shows it. */
export type PayStep =
  | { step: 'idle' }
  | { step: 'opening' }
  | { step: 'in-gateway' }
  | { step: 'verifying' }
  | { step: 'pending' }
  | { step: 'failed'; reason: string | null }
  | { step: 'dismissed'; payBy: string | null }
  | { step: 'not-payable'; message: string }
  | { step: 'error'; message: string }
  | { step: 'paid' };

const BUSY = new Set<PayStep['step']>(['opening', 'in-gateway', 'verifying', 'pending', 'paid']);

interface Options {
  method: OnlineMethod;
  /** The shopper's mobile number, prefilled in Razorpay Checkout. */
  contact: string;
  /** The order is paid: leave for it (the caller clears the cart, updates caches). */
  onPaid: (order: OrderWithPayment) => Promise<void>;
  /** Any newer copy of the order (to keep caches current). */
  onOrder?: (order: OrderWithPayment) => void;
  /** The order can no longer be paid (released, cancelled). */
  onNotPayable?: (order: OrderWithPayment | null) => void;
}

const isPaid = (order: OrderWithPayment) => order.payment.state === 'paid';
const isOver = (order: OrderWithPayment) => order.status === 'cancelled' || order.payment.state === 'expired';

/**
 * Paying one order online: opens the gateway's checkout for a session (Razorpay's modal, or the
 * local gateway's page in a dialog), verifies a payment with the server, follows a payment the
 * bank has not confirmed yet, and asks for a fresh session to try again. Every step goes
 * through the server, so a reload loses nothing: the order page offers Pay now from its state.
 */
export function usePay({ method, contact, onPaid, onOrder, onNotPayable }: Options) {
  const [state, setState] = useState<PayStep>({ step: 'idle' });
  const [localSession, setLocalSession] = useState<CheckoutSession | null>(null);
  const resolveLocal = useRef<((outcome: GatewayOutcome) => void) | null>(null);
  const alive = useRef(true);
  const running = useRef(false);
  const callbacks = useRef({ onPaid, onOrder, onNotPayable });
  useEffect(() => {
    callbacks.current = { onPaid, onOrder, onNotPayable };
  });
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const show = (next: PayStep) => {
    if (alive.current) setState(next);
  };

  function openGateway(session: CheckoutSession): Promise<GatewayOutcome> {
    if (session.gateway === 'razorpay') {
      return openRazorpay({ session, method, name: PAYMENT_TEXT.storeName, contact });
    }
    return new Promise((resolve) => {
      resolveLocal.current = resolve;
      setLocalSession(session);
    });
  }

  function onLocalOutcome(outcome: GatewayOutcome) {
    setLocalSession(null);
    resolveLocal.current?.(outcome);
    resolveLocal.current = null;
  }

  /** Acts on the order as the server now has it; true when there is nothing more to wait for. */
  async function settle(order: OrderWithPayment): Promise<boolean> {
    callbacks.current.onOrder?.(order);
    if (isPaid(order)) {
      show({ step: 'paid' });
      await callbacks.current.onPaid(order);
      return true;
    }
    if (isOver(order)) {
      show({ step: 'not-payable', message: PAYMENT_TEXT.notPayable });
      callbacks.current.onNotPayable?.(order);
      return true;
    }
    if (order.payment.state === 'failed') {
      show({ step: 'failed', reason: order.payment.failureReason });
      return true;
    }
    return false;
  }

  /** Money was taken but not confirmed (or the answer was lost): look again, less and less often. */
  async function follow(orderId: string) {
    show({ step: 'pending' });
    for (let attempt = 0; alive.current; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, pollDelay(attempt)));
      if (!alive.current) return;
      try {
        if (await settle(await fetchOrder(orderId))) return;
      } catch {
        // Offline or the server is busy: keep looking.
      }
    }
  }

  async function payWith(order: OrderWithPayment, session: CheckoutSession) {
    show({ step: 'in-gateway' });
    let outcome: GatewayOutcome;
    try {
      outcome = await openGateway(session);
    } catch (error) {
      if (error instanceof BlockedByPolicy && !documentIsCheckout()) {
        // Load the checkout page itself, whose policy allows the gateway, to pay this order.
        window.location.assign(payOrderHref(order.id, { open: true }));
        return;
      }
      show({ step: 'error', message: PAYMENT_TEXT.openFailed });
      return;
    }
    if (outcome.kind === 'dismissed') return show({ step: 'dismissed', payBy: order.payment.payBy });
    if (outcome.kind === 'failed') return show({ step: 'failed', reason: outcome.description });
    show({ step: 'verifying' });
    try {
      const { gatewayOrderId, paymentId, signature } = outcome;
      const verified = await verifyPayment(order.id, { gatewayOrderId, paymentId, signature });
      if (!(await settle(verified))) await follow(order.id);
    } catch (error) {
      if (error instanceof HTTPError && error.response.status === 400) {
        show({ step: 'failed', reason: serverMessage(error) ?? null });
        return;
      }
      // The connection dropped after paying: the webhook still confirms it; follow the order.
      await follow(order.id);
    }
  }

  /** Runs one payment at a time: a second tap while one is under way does nothing. */
  async function once(task: () => Promise<void>) {
    if (running.current) return;
    running.current = true;
    try {
      await task();
    } finally {
      running.current = false;
    }
  }

  /** Pays an order just placed, with the session its answer carried. */
  const pay = (order: OrderWithPayment, session: CheckoutSession) => once(() => payWith(order, session));

  /** Pays (again) an order awaiting payment: a fresh session from the server first. */
  const payAgain = (orderId: string) =>
    once(async () => {
      show({ step: 'opening' });
      try {
        const started = await startPayment(orderId);
        if (started.kind === 'session') return await payWith(started.order, started.checkout);
        if (started.order && (await settle(started.order))) return;
        show({ step: 'not-payable', message: started.message || PAYMENT_TEXT.notPayable });
        callbacks.current.onNotPayable?.(started.order);
      } catch (error) {
        show({ step: 'error', message: serverMessage(error) ?? PAYMENT_TEXT.startFailed });
      }
    });

  /** Follows an order whose payment is being confirmed (e.g. the order page after a reload). */
  const watch = (orderId: string) => once(() => follow(orderId));

  /**
   * Picks up an order placed before a reload and not seen paid: where its payment stands, with
   * Try again while it can be paid. An order no longer payable ends quietly (a new attempt), and
   * one `accept` refuses (the cart has changed since) is left to its hold.
   */
  const resume = (orderId: string, accept: (order: OrderWithPayment) => boolean) =>
    once(async () => {
      let order: OrderWithPayment;
      try {
        order = await fetchOrder(orderId);
      } catch (error) {
        // Not this shopper's order (another signed in on this device since): nothing to pick up.
        if (error instanceof HTTPError && error.response.status === 404) callbacks.current.onNotPayable?.(null);
        return;
      }
      if (!alive.current) return;
      if (isOver(order)) return callbacks.current.onNotPayable?.(order);
      if (!accept(order)) return;
      if (await settle(order)) return;
      if (order.payment.state === 'pending') return follow(order.id);
      show({ step: 'dismissed', payBy: order.payment.payBy });
    });

  return {
    state,
    busy: BUSY.has(state.step),
    pay,
    payAgain,
    watch,
    resume,
    reset: () => show({ step: 'idle' }),
    localSession,
    onLocalOutcome,
  };
}
