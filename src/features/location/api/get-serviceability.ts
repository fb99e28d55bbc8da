import { queryOptions } from '@tanstack/react-query';

import type { ServiceabilityResponse } from '../../../../server/schemas/order';
import { api } from '../../../lib/api-client';

export interface Place {
  latitude: number;
  longitude: number;
}

/** Whether the server delivers to a place, from which store and in how many minutes. */
export const serviceabilityQueryOptions = (place: Place) =>
  queryOptions({
    queryKey: ['delivery', 'serviceability', place.latitude.toFixed(4), place.longitude.toFixed(4)] as const,
    queryFn: ({ signal }) =>
      api
        .get('delivery/serviceability', { searchParams: { lat: place.latitude, lng: place.longitude }, signal })
        .json<ServiceabilityResponse>()
        .then((body) => body.data),
    staleTime: 5 * 60_000,
  });

/** The same for a place that may not be known yet (no address, no point on the map): asked once it is. */
export const serviceabilityOfQueryOptions = (place: Place | null | undefined) => ({
  ...serviceabilityQueryOptions(place ?? { latitude: 0, longitude: 0 }),
  enabled: place != null,
});
