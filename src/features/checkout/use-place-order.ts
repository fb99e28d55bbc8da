import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';

import type { CurrentLine, OrderLine } from '../../../server/schemas/order';
import { serverMessage } from '../../lib/server-message';
import type { Address } from '../address';
import { clearCartAtom } from '../cart';
import {
  attemptKey,
  attemptOrderId,
  cancelUnpaidOrder,
  forgetAttempt,
  forgetAwaiting,
  rememberAttempt,
  renewAttemptKey,
  usePay,
  type OrderWithPayment,
  type PaymentChoice,
} from '../payment';
import { placeOrder, type PlaceOrderOutcome } from './api/place-order';
import { CHECKOUT_TEXT } from './constants';

/** What the last attempt to place the order has to say: a changed cart (notice) or a refusal (error). */
export interface PlaceFeedback {
  tone: 'notice' | 'error';
  message: string;
}

interface Order {
  address: Address | null;
  /** What this order is for: the cart's lines that can be bought. */
  lines: OrderLine[];
  /** Every line of the cart, those marked unavailable too (an order's own hold can mark them so). */
  cartLines: readonly Pick<OrderLine, 'productId' | 'quantity'>[];
  useGiftCard: boolean;
  /** How what is left to pay is paid ('cod' when the gift card pays everything). */
  method: PaymentChoice;
  /** The shopper's mobile number, for the gateway's checkout. */
  contact: string;
}

interface AfterAnswer {
  /** Brings the cart in line with the lines the server sent back. */
  updateCart: (current: readonly CurrentLine[]) => Promise<void>;
  refetchQuote: () => Promise<unknown>;
  /** Puts back the choices an order picked up after a reload was placed with (gift card, method). */
  restoreChoices: (order: OrderWithPayment) => void;
}

/**
 * An order of an earlier cart that still waits for its online payment, and which no payment has
 * reached yet (one being confirmed is the order page's to follow, not this checkout's to cancel).
 */
const stillUnpaid = (order: OrderWithPayment) =>
  order.status === 'awaiting-payment' && (order.payment.state === 'awaiting' || order.payment.state === 'failed');

/**
 * The order is of the cart as it is (the cart has not changed since it was placed): each of its
 * items is in the cart with its quantity, and the cart has nothing more to buy. An item the order
 * took the last of may show as unavailable in the cart since: the order's own hold, not a change.
 */
export const holdsCart = (order: OrderWithPayment, { lines, cartLines }: Pick<Order, 'lines' | 'cartLines'>) =>
  order.items.every((item) =>
    cartLines.some((line) => line.productId === item.productId && line.quantity === item.quantity),
  ) && lines.every((line) => order.items.some((item) => item.productId === line.productId));

/** The order goes where the checkout now delivers (none chosen yet counts as no change). */
export const goesTo = (order: OrderWithPayment, address: Address | null) =>
  address === null ||
  (order.address.buildingName === address.buildingName &&
    order.address.locality === address.locality &&
    order.address.city === address.city &&
    order.address.gps.latitude === address.gps.latitude &&
    order.address.gps.longitude === address.gps.longitude);

/** The order is of the checkout as it is now: its cart, and its delivery address. */
const isOrderOf = (order: OrderWithPayment, now: Pick<Order, 'lines' | 'cartLines' | 'address'>) =>
  holdsCart(order, now) && goesTo(order, now.address);

/**
 * Placing the order, and paying it when paid online: one idempotency key per attempt at this
 * order (a retry, a second tap or a reload reuses it; a changed cart or payment method gets a new
 * one), and what follows the answer. Pending until the answer has been acted on, so the button
 * stays busy until then; paying keeps it busy until the gateway's checkout has closed.
 */
export function usePlaceOrder(
  { address, lines, cartLines, useGiftCard, method, contact }: Order,
  { updateCart, refetchQuote, restoreChoices }: AfterAnswer,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const clearCart = useSetAtom(clearCartAtom);
  const [feedback, setFeedback] = useState<PlaceFeedback | null>(null);
  /** The order placed for online payment and not paid yet. */
  const [awaiting, setAwaiting] = useState<OrderWithPayment | null>(null);
  /**
   * An order placed for online payment from the cart as it was before it changed, still unpaid
   * and holding its items: placing this cart cancels it first, so one cart is one order.
   */
  const [earlier, setEarlier] = useState<OrderWithPayment | null>(null);
  const fingerprint = useMemo(
    () => JSON.stringify({ lines, addressId: address?._id ?? null, useGiftCard, method }),
    [lines, address?._id, useGiftCard, method],
  );
  const idempotencyKey = useRef<string | null>(null);
  // Read before the key below can replace the stored attempt: an order placed before a reload.
  const [placedBefore] = useState(attemptOrderId);

  useEffect(() => {
    idempotencyKey.current = attemptKey(fingerprint);
  }, [fingerprint]);

  /** The order is paid or needs no payment now: leave for it and empty the cart. */
  async function leaveFor(order: OrderWithPayment) {
    forgetAttempt();
    // Leave first: an emptied cart here would flash the empty-cart screen.
    await navigate({ to: '/account/orders/$orderId', params: { orderId: order.id } });
    await clearCart();
  }

  const pay = usePay({
    method: method === 'cod' ? 'upi' : method,
    contact,
    onPaid: leaveFor,
    onOrder: setAwaiting,
    onNotPayable: (order) => {
      // Its items went back on the shelf (or the order is unknown to this shopper): the next
      // tap places the order afresh.
      if (order) forgetAwaiting(order.id);
      else forgetAttempt();
      setAwaiting(null);
      idempotencyKey.current = renewAttemptKey(fingerprint);
      void refetchQuote();
    },
  });

  // After a reload (or in another tab, or the app opened again) the order placed for online
  // payment is still the one to pay: its state, and Try again, come back, and the method stays
  // locked to it (no second order for this cart). The same when the cart, changed since, holds
  // that order's lines again. Only for the cart it was placed from (read once the cart is here): a
  // cart changed since is a new order, which replaces the unpaid one when placed (`earlier`).
  // Place order waits meanwhile.
  const resume = pay.resume;
  const [pickUp, setPickUp] = useState<string | null>(placedBefore);
  const pickingUp = useRef<string | null>(null);
  const cartNow = useRef({ lines, cartLines, address });
  useEffect(() => {
    cartNow.current = { lines, cartLines, address };
  });
  const cartHere = lines.length > 0;
  useEffect(() => {
    if (!pickUp || pickingUp.current === pickUp || !cartHere) return;
    pickingUp.current = pickUp;
    void resume(pickUp, (order) => {
      if (!isOrderOf(order, cartNow.current)) {
        // Paid meanwhile (the gateway's webhook, another tab) for a cart changed since: nothing
        // to pick up any more, now or when the cart holds the same lines again.
        if (order.payment.state === 'paid') forgetAwaiting(order.id);
        // Still unpaid: said beside Place order, which replaces it.
        else if (stillUnpaid(order)) setEarlier(order);
        return false;
      }
      restoreChoices(order);
      return true;
    }).finally(() => {
      pickingUp.current = null;
      setPickUp(null);
    });
  }, [pickUp, cartHere, resume, restoreChoices]);

  // Adjusted while rendering, as React advises for state that follows a changed input:
  // the cart changed (the cart panel, another tab) while its order waited for payment: that order
  // is now an earlier cart's, and this cart a new order, which replaces it when placed;
  if (awaiting && !pay.busy && cartHere && !isOrderOf(awaiting, { lines, cartLines, address })) {
    setEarlier(stillUnpaid(awaiting) ? awaiting : null);
    setAwaiting(null);
  }
  // and the cart changed back: the earlier cart's order is this cart's again, picked up as after a reload.
  if (earlier && !awaiting && !pickUp && !pay.busy && cartHere && isOrderOf(earlier, { lines, cartLines, address })) {
    setPickUp(earlier.id);
    setEarlier(null);
  }

  /** Leave for the order, pay for it, or update the cart and price it again. */
  async function settle(outcome: PlaceOrderOutcome) {
    if (outcome.kind === 'placed' || outcome.kind === 'earlier-paid') {
      // The earlier cart's order was cancelled as this one was placed, or a payment reached it.
      if (earlier) forgetAwaiting(earlier.id);
      setEarlier(null);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    }
    if (outcome.kind === 'earlier-paid') {
      idempotencyKey.current = renewAttemptKey(fingerprint);
      setFeedback({ tone: 'notice', message: CHECKOUT_TEXT.earlierPaid(outcome.order.number) });
      await refetchQuote();
      return;
    }
    if (outcome.kind === 'placed') {
      const { order, checkout } = outcome;
      if (order.status === 'awaiting-payment') {
        rememberAttempt(idempotencyKey.current ?? '', order.id);
        setAwaiting(order);
        // Not awaited: the mutation is done, paying has its own busy state. Without a session
        // in the answer (another request is creating it), ask for one.
        void (checkout ? pay.pay(order, checkout) : pay.payAgain(order.id));
        return;
      }
      if (order.status === 'cancelled') {
        // The key found an earlier order of this cart that was released unpaid.
        idempotencyKey.current = renewAttemptKey(fingerprint);
        setFeedback({ tone: 'notice', message: CHECKOUT_TEXT.earlierReleased });
        await refetchQuote();
        return;
      }
      await leaveFor(order);
      return;
    }
    // Nothing was placed: the next tap is a new attempt, with a key of its own.
    idempotencyKey.current = renewAttemptKey(fingerprint);
    if (outcome.kind === 'changed') {
      await updateCart(outcome.items);
      setFeedback({ tone: 'notice', message: outcome.message });
    } else {
      setFeedback({ tone: 'error', message: outcome.message });
    }
    await refetchQuote();
  }

  /**
   * The key of an attempt whose answer the connection lost (offline when it failed): it may have
   * placed the order. Sent again with the same key when the connection returns, as the offline
   * note promises, so the shopper learns what became of it; the key makes a second order impossible.
   */
  const resumeKey = useRef<string | null>(null);

  const mutation = useMutation({
    mutationFn: placeOrder,
    onMutate: () => {
      setFeedback(null);
      resumeKey.current = null;
      pay.reset();
    },
    onSuccess: settle,
    onError: (failure, sent) => {
      if (!navigator.onLine) {
        resumeKey.current = sent.idempotencyKey;
        return;
      }
      setFeedback({ tone: 'error', message: serverMessage(failure) ?? CHECKOUT_TEXT.placeFailed });
    },
  });

  const place = () => {
    if (!address || mutation.isPending || pay.busy || pickUp) return;
    idempotencyKey.current ??= attemptKey(fingerprint);
    mutation.mutate({
      addressId: address._id,
      items: lines,
      useGiftCardBalance: useGiftCard,
      paymentMethod: method,
      idempotencyKey: idempotencyKey.current,
      // Cancelled by the server in the same step as this order is placed, or kept if it cannot be.
      ...(earlier && { replacesOrderId: earlier.id }),
    });
  };

  const latest = useRef({ place, fingerprint });
  useEffect(() => {
    latest.current = { place, fingerprint };
  });
  useEffect(() => {
    const onOnline = () => {
      const key = resumeKey.current;
      resumeKey.current = null;
      // Only the same order: a cart or choice changed meanwhile is a new attempt, the shopper's to place.
      if (key !== null && attemptKey(latest.current.fingerprint) === key) latest.current.place();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  /**
   * Pay another way: the order placed for online payment and not paid is cancelled (its items go
   * back on the shelf), and the methods are the shopper's to choose again for a new order.
   */
  const [switching, setSwitching] = useState(false);
  async function payAnotherWay() {
    if (!awaiting || switching || pay.busy) return;
    setSwitching(true);
    setFeedback(null);
    try {
      const order = await cancelUnpaidOrder(awaiting.id);
      if (order.status !== 'cancelled') {
        // A payment reached the order meanwhile (the bank was slow, another tab): it is paid, or
        // being confirmed, which is followed until it is.
        if (order.payment.state === 'paid') await leaveFor(order);
        else void pay.watch(order.id);
        return;
      }
      forgetAwaiting(awaiting.id);
      setAwaiting(null);
      pay.reset();
      idempotencyKey.current = renewAttemptKey(fingerprint);
      setFeedback({ tone: 'notice', message: CHECKOUT_TEXT.unpaidCancelled });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      await refetchQuote();
    } catch (failure) {
      setFeedback({ tone: 'error', message: serverMessage(failure) ?? CHECKOUT_TEXT.cancelUnpaidFailed });
    } finally {
      setSwitching(false);
    }
  }

  return {
    place,
    placing: mutation.isPending,
    /** The earlier cart's order still waiting for payment, which placing this cart cancels. */
    earlier,
    payAnotherWay,
    switching,
    /** An order placed before a reload is being looked up: Place order waits for it. */
    resuming: pickUp !== null,
    feedback,
    awaiting,
    pay,
    payAgain: () => awaiting && void pay.payAgain(awaiting.id),
  };
}
