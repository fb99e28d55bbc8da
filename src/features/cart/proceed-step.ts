import { atom } from 'jotai';

import { deliveryAddressAtom } from '../address';
import { proceedStep, type ProceedStep } from './cart-logic';

/**
 * Where Proceed leads (spec point 4), reading the stored delivery address at the moment of the
 * tap. Only the cart panel, a lazily loaded chunk, needs it (kept out of the first load).
 */
export const proceedStepAtom = atom(null, async (get, _set, isSignedIn: boolean): Promise<ProceedStep> => {
  const address = await get(deliveryAddressAtom);
  return proceedStep({ hasDeliveryAddress: address !== null, isSignedIn });
});
