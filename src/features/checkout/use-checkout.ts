import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtom, useSetAtom } from 'jotai';
import { useMemo, useState } from 'react';

import type { CurrentLine } from '../../../server/schemas/order';
import { deliveryAddressAtom } from '../address';
import { cartProductsQueryOptions, decrementCartItemAtom, refreshCartAtom, useCart } from '../cart';
import { useOnline } from '../../lib/use-online';
import { quoteQueryOptions } from './api/quote-order';
import { usePlaceOrder } from './use-place-order';

/**
 * The checkout's state and actions: the cart lines at today's prices (the quote), the delivery
 * address, the gift card choice, and placing the order.
 */
export function useCheckout() {
  const { items: cartItems, loaded } = useCart();
  const [address, setAddress] = useAtom(deliveryAddressAtom);
  const [useGiftCard, setUseGiftCard] = useState(false);
  const online = useOnline();
  const queryClient = useQueryClient();
  const refreshCart = useSetAtom(refreshCartAtom);
  const decrement = useSetAtom(decrementCartItemAtom);

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

  /** Brings the cart in line with the server: fresh prices, unavailable items flagged, quantities capped. */
  async function updateCart(current: readonly CurrentLine[]) {
    await refreshCart((ids) => queryClient.fetchQuery(cartProductsQueryOptions(ids)));
    for (const line of current) {
      if (line.problem === 'not-enough-stock') {
        for (let i = line.available; i < line.quantity; i++) await decrement(line.productId);
      }
    }
  }

  const { place, placing, feedback } = usePlaceOrder(
    { address, lines, useGiftCard },
    { updateCart, refetchQuote: () => quote.refetch() },
  );

  const data = quote.data;
  const problems = data?.items.filter((line) => line.problem !== null) ?? [];
  const delivery = data?.delivery ?? null;
  const unserviceable = delivery !== null && !delivery.serviceable;
  const canPlace =
    Boolean(address) && online && !placing && data !== undefined && problems.length === 0 && !unserviceable;

  return {
    loaded,
    cartItems,
    lines,
    quote,
    problems,
    delivery,
    address,
    setAddress,
    useGiftCard,
    setUseGiftCard,
    updateCart,
    place,
    placing,
    canPlace,
    feedback,
  };
}
