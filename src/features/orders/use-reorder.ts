import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import type { OrderItem } from '../../../server/schemas/order';
import { cartProductsQueryOptions, useAddToCart } from '../cart';
import { forgetAttempt } from '../payment';
import { usePopup } from '../popups';
import { ORDER_TEXT } from './format';

/**
 * Reorder: the order's items go back into the cart at today's prices, in the same quantities;
 * items no longer sold or out of stock are left out and named. Opens the cart when done.
 */
export function useReorder(orderId: string, items: readonly OrderItem[]) {
  const queryClient = useQueryClient();
  const add = useAddToCart();
  const cart = usePopup('cart');
  const [state, setState] = useState<{ pending: boolean; message: string | null; failed: boolean }>({
    pending: false,
    message: null,
    failed: false,
  });

  async function reorder() {
    setState({ pending: true, message: null, failed: false });
    // A cart refilled from this order is a new one: checkout must not take it for the cart this
    // order was placed from (and, the order paid, leave for it and empty the cart).
    forgetAttempt(orderId);
    try {
      const products = await queryClient.fetchQuery(cartProductsQueryOptions(items.map((item) => item.productId)));
      const byId = new Map(products.map((product) => [product.id, product]));
      const missing: string[] = [];
      let added = 0;
      for (const item of items) {
        const product = byId.get(item.productId);
        if (!product?.inStock) {
          missing.push(item.name);
          continue;
        }
        await add(product, item.quantity);
        added += 1;
      }
      if (added === 0) {
        setState({ pending: false, message: ORDER_TEXT.reorderNoneAvailable, failed: true });
        return;
      }
      setState({
        pending: false,
        failed: false,
        message: missing.length > 0 ? `Added to your cart. Not available right now: ${missing.join(', ')}.` : null,
      });
      await cart.open();
    } catch {
      setState({ pending: false, message: ORDER_TEXT.reorderFailed, failed: true });
    }
  }

  return { reorder, ...state };
}
