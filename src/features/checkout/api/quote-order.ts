import { queryOptions } from '@tanstack/react-query';
import { HTTPError } from 'ky';

import type { OrderLine, QuoteResponse } from '../../../../server/schemas/order';
import { serverMessage } from '../../../lib/server-message';
import { customerApi } from '../../auth';

export interface QuoteInput {
  addressId: string | null;
  items: OrderLine[];
  useGiftCardBalance: boolean;
  /** An earlier cart's unpaid order that placing this one replaces: the stock it holds counts. */
  replacesOrderId?: string | null;
}

/** A refusal the server explained (e.g. the address is no longer saved): shown as is. */
export class ServerMessage extends Error {}

/** The chosen delivery address is no longer saved (deleted here or on another device). */
export class AddressGone extends ServerMessage {}

export const quoteOrder = (input: QuoteInput, { signal }: { signal?: AbortSignal } = {}) =>
  customerApi
    .post('order/quote', {
      json: {
        ...(input.addressId && { addressId: input.addressId }),
        items: input.items,
        useGiftCardBalance: input.useGiftCardBalance,
        ...(input.replacesOrderId && { replacesOrderId: input.replacesOrderId }),
      },
      signal,
    })
    .json<QuoteResponse>()
    .then(
      (body) => body.data,
      async (error: unknown) => {
        if (error instanceof HTTPError && error.response.status < 500) {
          const message = serverMessage(error);
          // The only 404 of a quote: no saved address with that id (any more).
          if (message && input.addressId && error.response.status === 404) throw new AddressGone(message);
          if (message) throw new ServerMessage(message);
        }
        throw error;
      },
    );

/** The server's bill for the cart: current prices, stock, charges, gift card balance, delivery. */
export const quoteQueryOptions = (input: QuoteInput) =>
  queryOptions({
    queryKey: ['checkout', 'quote', input] as const,
    queryFn: ({ signal }) => quoteOrder(input, { signal }),
    staleTime: 0,
    retry: (count, error) => !(error instanceof ServerMessage) && count < 2,
    // Keep the last bill on screen while a changed cart is priced again.
    placeholderData: (previous) => previous,
  });
