import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { extendApi } from '../../lib/api-client';
import { serviceabilityOfQueryOptions } from './api/get-serviceability';
import type { ChosenLocation } from './location-atoms';

/** The dark store serving the chosen place; 0: none (the national view). */
let catalogueStore = 0;
let installed = false;

/** Catalogue reads: the home feed (/api, the one GET without a query) and /api/product/public... */
const CATALOGUE_READ = /\/api(\/product\/public|$)/;

/** True when the store changed (the catalogue is then read again). */
function followStore(id: number): boolean {
  if (!installed && id) {
    installed = true;
    extendApi({
      hooks: {
        beforeRequest: [
          ({ request }) => {
            const { url } = request;
            if (!catalogueStore || request.method !== 'GET' || !CATALOGUE_READ.test(url)) return;
            return new Request(`${url}${url.includes('?') ? '&' : '?'}store=${catalogueStore}`, request);
          },
        ],
      },
    });
  }
  const changed = catalogueStore !== id;
  catalogueStore = id;
  return changed;
}

/**
 * Follows the chosen place's dark store (decision 034): catalogue reads ask for its stock
 * (`?store=`: "Out of stock near you", "Only N left"), and what was read for another store (or
 * the national view) is read again. With no place, or one no store delivers to, the national
 * view. Lives with the header's label, which every page loads after the first screen, so none of
 * it is in the first load.
 */
export function useCatalogueStore(chosen: ChosenLocation | null) {
  const queryClient = useQueryClient();
  const answer = useQuery(serviceabilityOfQueryOptions(chosen?.place));
  const storeId = chosen ? (answer.data?.store?.id ?? 0) : 0;
  const settled = chosen === null || answer.data !== undefined;
  useEffect(() => {
    if (settled && followStore(storeId)) void queryClient.invalidateQueries({ queryKey: ['products'] });
  }, [settled, storeId, queryClient]);
}
