import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

import { MessageScreen } from '../../components/MessageScreen';
import { AddToCartControl } from '../../features/cart';
import { SortMenu } from '../../features/search';
import type { ListingSearch } from './listing-search';

/** Sidebar selection and sorting write to the URL, so a listing can be shared and Back works. */
export function useListingControls(search: ListingSearch) {
  const navigate = useNavigate();
  const update = useCallback(
    (next: ListingSearch) =>
      void navigate({ to: '.', search: (prev: ListingSearch) => ({ ...prev, ...next }), replace: false }),
    [navigate],
  );
  return {
    select: (sub: string | undefined) => update({ sub }),
    sortControl: (
      <SortMenu
        value={search.sort ?? 'relevance'}
        onChange={(sort) => update({ sort: sort === 'relevance' ? undefined : sort })}
      />
    ),
    renderAction: (product: Parameters<typeof AddToCartControl>[0]['product']) => (
      <AddToCartControl product={product} />
    ),
  };
}

export function ListingNotFound() {
  return (
    <MessageScreen title="Page not found" actions={<Link to="/">Continue shopping</Link>}>
      We could not find this category. It may have moved, or the link may be mistyped.
    </MessageScreen>
  );
}
