import { queryOptions } from '@tanstack/react-query';

import type { OrderLine, QuoteResponse } from '../../../../server/schemas/order';
import { customerApi } from '../../auth';

export interface QuoteInput {
  addressId: string | null;
  items: OrderLine[];
  useGiftCardBalance: boolean;
}

export const quoteOrder = (input: QuoteInput, { signal }: { signal?: AbortSignal } = {}) =>
  customerApi
    .post('order/quote', {
      json: {
        ...(input.addressId && { addressId: input.addressId }),
        items: input.items,
        useGiftCardBalance: input.useGiftCardBalance,
      },
      signal,
    })
    .json<QuoteResponse>()
    .then((body) => body.data);

/** The server's bill for the cart: current prices, stock, charges, gift card balance, delivery. */
export const quoteQueryOptions = (input: QuoteInput) =>
  queryOptions({
    queryKey: ['checkout', 'quote', input] as const,
    queryFn: ({ signal }) => quoteOrder(input, { signal }),
    staleTime: 0,
    // Keep the last bill on screen while a changed cart is priced again.
    placeholderData: (previous) => previous,
  });
