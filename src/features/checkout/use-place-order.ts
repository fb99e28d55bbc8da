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
  UNPAID_CANCEL_REASONS,
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
  lines: OrderLine[];
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

/** The order holds just these lines (the cart has not changed since it was placed). */
const holdsLines = (order: OrderWithPayment, lines: readonly OrderLine[]) =>
  order.items.length === lines.length &&
  order.items.every((item) =>
    lines.some((line) => line.productId === item.productId && line.quantity === item.quantity),
  );

/**
 * Placing the order, and paying it when paid online: one idempotency key per attempt at this
 * order (a retry, a second tap or a reload reuses it; a changed cart or payment method gets a new
 * one), and what follows the answer. Pending until the answer has been acted on, so the button
 * stays busy until then; paying keeps it busy until the gateway's checkout has closed.
 */
export function usePlaceOrder(
  { address, lines, useGiftCard, method, contact }: Order,
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
  // locked to it (no second order for this cart).
  // Only for the cart it was placed from (read once the cart is here): a cart changed since, here
  // or in another tab, is a new order, and that one is left to its hold. Place order waits meanwhile.
  const resume = pay.resume;
  const resumed = useRef(false);
  const [resuming, setResuming] = useState(placedBefore !== null);
  const linesNow = useRef(lines);
  useEffect(() => {
    linesNow.current = lines;
  });
  const cartHere = lines.length > 0;
  useEffect(() => {
    if (!placedBefore || resumed.current || !cartHere) return;
    resumed.current = true;
    void resume(placedBefore, (order) => {
      if (!holdsLines(order, linesNow.current)) {
        // Paid meanwhile (the gateway's webhook, another tab) for a cart changed since: nothing
        // to pick up any more, now or when the cart holds the same lines again.
        if (order.payment.state === 'paid') forgetAwaiting(order.id);
        // Still unpaid: said beside Place order, which replaces it.
        else if (stillUnpaid(order)) setEarlier(order);
        return false;
      }
      restoreChoices(order);
      return true;
    }).finally(() => setResuming(false));
  }, [placedBefore, cartHere, resume, restoreChoices]);

  // The cart changed here (the cart panel, another tab) while its order waited for payment: that
  // order is now an earlier cart's, and this cart is a new order, which replaces it when placed.
  // Adjusted while rendering, as React advises for state that follows a changed input.
  if (awaiting && !pay.busy && lines.length > 0 && !holdsLines(awaiting, lines)) {
    setEarlier(stillUnpaid(awaiting) ? awaiting : null);
    setAwaiting(null);
  }

  /** Leave for the order, pay for it, or update the cart and price it again. */
  async function settle(outcome: PlaceOrderOutcome) {
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

  /** The earlier cart's unpaid order is being cancelled, before this cart is placed. */
  const [replacing, setReplacing] = useState(false);

  const submit = (addressId: string) => {
    idempotencyKey.current ??= attemptKey(fingerprint);
    mutation.mutate({
      addressId,
      items: lines,
      useGiftCardBalance: useGiftCard,
      paymentMethod: method,
      idempotencyKey: idempotencyKey.current,
    });
  };

  /**
   * Cancels the earlier cart's unpaid order, then places this cart. A payment that reached the
   * earlier order meanwhile wins: it stays paid, and this cart waits for the shopper's next tap.
   */
  async function replaceEarlier(order: OrderWithPayment, addressId: string) {
    setReplacing(true);
    setFeedback(null);
    try {
      const now = await cancelUnpaidOrder(order.id, UNPAID_CANCEL_REASONS.replaced);
      forgetAwaiting(order.id);
      setEarlier(null);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      if (now.status !== 'cancelled') {
        setFeedback({ tone: 'notice', message: CHECKOUT_TEXT.earlierPaid(now.number) });
        return;
      }
      submit(addressId);
    } catch (failure) {
      setFeedback({ tone: 'error', message: serverMessage(failure) ?? CHECKOUT_TEXT.placeFailed });
    } finally {
      setReplacing(false);
    }
  }

  const place = () => {
    if (!address || mutation.isPending || replacing || pay.busy || resuming) return;
    if (earlier) void replaceEarlier(earlier, address._id);
    else submit(address._id);
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
      const order = await cancelUnpaidOrder(awaiting.id, UNPAID_CANCEL_REASONS.anotherWay);
      if (order.status !== 'cancelled') {
        // The payment reached the order meanwhile (the bank was slow, another tab): it is paid.
        await leaveFor(order);
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
    placing: mutation.isPending || replacing,
    /** The earlier cart's order still waiting for payment, which placing this cart cancels. */
    earlier,
    payAnotherWay,
    switching,
    /** An order placed before a reload is being looked up: Place order waits for it. */
    resuming,
    feedback,
    awaiting,
    pay,
    payAgain: () => awaiting && void pay.payAgain(awaiting.id),
  };
}
