import { lazy } from 'react';

import { retryingImport } from '../../lib/retrying-import';

/**
 * The address screens as lazy components: whatever imports this feature (the cart's atoms are
 * on the first page) pulls in none of their code or styles until they are shown.
 */
export const loadSavedAddresses = retryingImport(() => import('./components/SavedAddresses'));
export const loadSelectDeliveryAddress = retryingImport(() => import('./components/SelectDeliveryAddress'));

export const SavedAddresses = lazy(loadSavedAddresses);
export const SelectDeliveryAddress = lazy(loadSelectDeliveryAddress);
