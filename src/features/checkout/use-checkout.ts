import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';

import type { CurrentLine } from '../../../server/schemas/order';
import { serverMessage } from '../../lib/api-client';
import { deliveryAddressAtom } from '../address';
import { cartProductsQueryOptions, clearCartAtom, decrementCartItemAtom, refreshCartAtom, useCart } from '../cart';
import { useOnline } from '../pwa';
import { placeOrder, type PlaceOrderOutcome } from './api/place-order';
import { quoteQueryOptions } from './api/quote-order';
import { CHECKOUT_TEXT } from './constants';

const newKey = () => crypto.randomUUID();

/** What the last attempt to place the order has to say: a changed cart (notice) or a refusal (error). */
export interface PlaceFeedback {
  tone: 'notice' | 'error';
  message: string;
}

/**
 * The checkout's state and actions: the cart lines at today's prices (the quote), the delivery
 * address, the gift card choice, and placing the order (one idempotency key per attempt).
 */
export function useCheckout() {
  const { items: cartItems, loaded } = useCart();
  const [address, setAddress] = useAtom(deliveryAddressAtom);
  const [useGiftCard, setUseGiftCard] = useState(false);
  const [feedback, setFeedback] = useState<PlaceFeedback | null>(null);
  const online = useOnline();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refreshCart = useSetAtom(refreshCartAtom);
  const decrement = useSetAtom(decrementCartItemAtom);
  const clearCart = useSetAtom(clearCartAtom);
  // One key per attempt at this order: a retry or a second tap reuses it, a changed cart gets a new one.
  const idempotencyKey = useRef(newKey());

  const lines = useMemo(
    () =>
      cartItems
        .filter((item) => !item.unavailable)
        .map((item) => ({ productId: item.id, quantity: item.quantity, price: item.price })),
    [cartItems],
  );
  const quote = useQuery({
    ...quoteQueryOptions({ addressId: address?._id ?? null, items: lines, useGiftCardBalance: useGiftCard }),
    enabled: lines.length > 0,
  });

  useEffect(() => {
    idempotencyKey.current = newKey();
  }, [lines, address?._id, useGiftCard]);

  /** Brings the cart in line with the server: fresh prices, unavailable items flagged, quantities capped. */
  async function updateCart(current: readonly CurrentLine[]) {
    await refreshCart((ids) => queryClient.fetchQuery(cartProductsQueryOptions(ids)));
    for (const line of current) {
      if (line.problem === 'not-enough-stock') {
        for (let i = line.available; i < line.quantity; i++) await decrement(line.productId);
      }
    }
  }

  /** What follows an answer: leave for the order, or update the cart and price it again. */
  async function settle(outcome: PlaceOrderOutcome) {
    if (outcome.kind === 'placed') {
      // Leave first: an emptied cart here would flash the empty-cart screen.
      await navigate({ to: '/account/orders/$orderId', params: { orderId: outcome.order.id } });
      await clearCart();
      return;
    }
    if (outcome.kind === 'changed') {
      await updateCart(outcome.items);
      setFeedback({ tone: 'notice', message: outcome.message });
    } else {
      setFeedback({ tone: 'error', message: outcome.message });
    }
    await quote.refetch();
  }

  // Pending until the answer has been acted on, so the button stays busy until then.
  const placing = useMutation({
    mutationFn: placeOrder,
    onMutate: () => setFeedback(null),
    onSuccess: settle,
    onError: async (failure) =>
      setFeedback({ tone: 'error', message: (await serverMessage(failure)) ?? CHECKOUT_TEXT.placeFailed }),
  });

  const place = () => {
    if (!address || placing.isPending) return;
    placing.mutate({
      addressId: address._id,
      items: lines,
      useGiftCardBalance: useGiftCard,
      idempotencyKey: idempotencyKey.current,
    });
  };

  const data = quote.data;
  const problems = data?.items.filter((line) => line.problem !== null) ?? [];
  const delivery = data?.delivery ?? null;
  const unserviceable = delivery !== null && !delivery.serviceable;
  const canPlace =
    Boolean(address) && online && !placing.isPending && data !== undefined && problems.length === 0 && !unserviceable;

  return {
    loaded,
    cartItems,
    lines,
    address,
    setAddress,
    useGiftCard,
    setUseGiftCard,
    quote,
    problems,
    delivery,
    unserviceable,
    canPlace,
    placing: placing.isPending,
    place,
    feedback,
    updateCart,
  };
}
