import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import type { CurrentLine } from '../../../server/schemas/order';
import { deliverHereAtom, deliveryAddressAtom, useAddresses } from '../address';
import { useSession } from '../auth';
import { cartProductsQueryOptions, decrementCartItemAtom, refreshCartAtom, useCart } from '../cart';
import { useOnline } from '../../lib/use-online';
import { AddressGone, quoteQueryOptions } from './api/quote-order';
import type { OrderWithPayment, PaymentChoice } from '../payment';
import { rememberChoice, rememberedChoice } from './payment-choice';
import { usePlaceOrder } from './use-place-order';

/**
 * The checkout's state and actions: the cart lines at today's prices (the quote), the delivery
 * address, the gift card choice, and placing the order.
 */
export function useCheckout() {
  const { items: cartItems, loaded } = useCart();
  const address = useAtomValue(deliveryAddressAtom);
  const setAddress = useSetAtom(deliverHereAtom);
  const [useGiftCard, setUseGiftCard] = useState(false);
  const [choice, setChoice] = useState<PaymentChoice>(rememberedChoice);
  const session = useSession();
  // The delivery address is a copy kept on the device: the saved list, fetched here, brings it up
  // to date (edited here or on another device), since the order carries the saved address.
  useAddresses(session?.user.id);
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

  /** Brings the cart in line with the server: fresh prices, unavailable items flagged, quantities capped. */
  async function updateCart(current: readonly CurrentLine[]) {
    await refreshCart((ids) => queryClient.fetchQuery(cartProductsQueryOptions(ids)));
    for (const line of current) {
      if (line.problem === 'not-enough-stock') {
        for (let i = line.available; i < line.quantity; i++) await decrement(line.productId);
      }
    }
  }

  // With nothing left to pay the method does not matter: no gateway for ₹0. What is left to pay
  // comes from the quote, which is asked for after placing says what the bill is for (the
  // earlier cart's unpaid order it replaces): the bill's figure is carried here, and the quote
  // refetched through a ref.
  const [toPayNow, setToPayNow] = useState<number | undefined>(undefined);
  const method: PaymentChoice = toPayNow === 0 ? 'cod' : choice;
  const restoreChoices = useCallback((order: OrderWithPayment) => {
    setUseGiftCard(order.bill.giftCardPaid > 0);
    if (order.payment.method === 'upi' || order.payment.method === 'card') setChoice(order.payment.method);
  }, []);
  const cartLines = useMemo(
    () => cartItems.map((item) => ({ productId: item.id, quantity: item.quantity })),
    [cartItems],
  );
  const refetchQuote = useRef<() => Promise<unknown>>(async () => undefined);
  const { place, placing, resuming, feedback, awaiting, earlier, pay, payAgain, payAnotherWay, switching } =
    usePlaceOrder(
      { address, lines, cartLines, useGiftCard, method, contact: session?.user.mobile ?? '' },
      { updateCart, refetchQuote: () => refetchQuote.current(), restoreChoices },
    );
  const quote = useQuery({
    ...quoteQueryOptions({
      addressId: address?._id ?? null,
      items: lines,
      useGiftCardBalance: useGiftCard,
      replacesOrderId: earlier?.id ?? null,
    }),
    enabled: lines.length > 0,
  });
  useEffect(() => {
    refetchQuote.current = () => quote.refetch();
  });
  const data = quote.data;
  const toPay = data?.bill.toPay;
  if (toPay !== toPayNow) setToPayNow(toPay);

  // The chosen address was deleted (here or on another device): 'Try again' could never help.
  // Drop it, so checkout asks for another, and say why.
  const [addressGone, setAddressGone] = useState(false);
  const gone = quote.error instanceof AddressGone;
  if (gone && !addressGone) setAddressGone(true);
  // Until another address is chosen.
  if (addressGone && address && !gone) setAddressGone(false);
  useEffect(() => {
    if (gone) void setAddress(null);
  }, [gone, setAddress]);

  const problems = data?.items.filter((line) => line.problem !== null) ?? [];
  const delivery = data?.delivery ?? null;
  const unserviceable = delivery !== null && !delivery.serviceable;
  const canPlace =
    Boolean(address) &&
    online &&
    !placing &&
    !resuming &&
    !pay.busy &&
    awaiting === null &&
    data !== undefined &&
    problems.length === 0 &&
    !unserviceable;

  return {
    loaded,
    cartItems,
    lines,
    quote,
    problems,
    delivery,
    address,
    /** The address chosen before was deleted, and none is chosen yet. */
    addressGone,
    useGiftCard,
    setUseGiftCard,
    choice,
    setChoice: (next: PaymentChoice) => {
      setChoice(next);
      rememberChoice(next);
    },
    awaiting,
    earlier,
    pay,
    payAgain,
    payAnotherWay,
    switching,
    updateCart,
    place,
    placing,
    canPlace,
    feedback,
  };
}
