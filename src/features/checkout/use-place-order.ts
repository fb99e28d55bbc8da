import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';

import type { CurrentLine, OrderLine } from '../../../server/schemas/order';
import { serverMessage } from '../../lib/server-message';
import type { Address } from '../address';
import { clearCartAtom } from '../cart';
import { placeOrder, type PlaceOrderOutcome } from './api/place-order';
import { CHECKOUT_TEXT } from './constants';

const newKey = () => crypto.randomUUID();

/** What the last attempt to place the order has to say: a changed cart (notice) or a refusal (error). */
export interface PlaceFeedback {
  tone: 'notice' | 'error';
  message: string;
}

interface Order {
  address: Address | null;
  lines: OrderLine[];
  useGiftCard: boolean;
}

interface AfterAnswer {
  /** Brings the cart in line with the lines the server sent back. */
  updateCart: (current: readonly CurrentLine[]) => Promise<void>;
  refetchQuote: () => Promise<unknown>;
}

/**
 * Placing the order: one idempotency key per attempt at this order (a retry or a second tap
 * reuses it, a changed cart gets a new one), and what follows the answer. Pending until the
 * answer has been acted on, so the button stays busy until then.
 */
export function usePlaceOrder({ address, lines, useGiftCard }: Order, { updateCart, refetchQuote }: AfterAnswer) {
  const navigate = useNavigate();
  const clearCart = useSetAtom(clearCartAtom);
  const [feedback, setFeedback] = useState<PlaceFeedback | null>(null);
  const idempotencyKey = useRef(newKey());

  useEffect(() => {
    idempotencyKey.current = newKey();
  }, [lines, address?._id, useGiftCard]);

  /** Leave for the order, or update the cart and price it again. */
  async function settle(outcome: PlaceOrderOutcome) {
    if (outcome.kind === 'placed') {
      // Leave first: an emptied cart here would flash the empty-cart screen.
      await navigate({ to: '/account/orders/$orderId', params: { orderId: outcome.order.id } });
      await clearCart();
      return;
    }
    // Nothing was placed: the next tap is a new attempt, with a key of its own.
    idempotencyKey.current = newKey();
    if (outcome.kind === 'changed') {
      await updateCart(outcome.items);
      setFeedback({ tone: 'notice', message: outcome.message });
    } else {
      setFeedback({ tone: 'error', message: outcome.message });
    }
    await refetchQuote();
  }

  const mutation = useMutation({
    mutationFn: placeOrder,
    onMutate: () => setFeedback(null),
    onSuccess: settle,
    onError: (failure) => setFeedback({ tone: 'error', message: serverMessage(failure) ?? CHECKOUT_TEXT.placeFailed }),
  });

  const place = () => {
    if (!address || mutation.isPending) return;
    mutation.mutate({
      addressId: address._id,
      items: lines,
      useGiftCardBalance: useGiftCard,
      idempotencyKey: idempotencyKey.current,
    });
  };

  return { place, placing: mutation.isPending, feedback };
}
