import { Suspense, useEffect } from 'react';

import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { AddressListPending, loadSelectDeliveryAddress, SelectDeliveryAddress } from '../../address';

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * Change the delivery address without leaving the checkout: the customer's saved addresses, as
 * the cart lists them, and a new one added on the map here. Choosing one closes the picker.
 */
export function AddressPicker({ open, onClose }: Props) {
  // Its code is fetched with the checkout's, not when Change is pressed.
  useEffect(() => {
    void loadSelectDeliveryAddress().catch(() => undefined);
  }, []);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Select delivery address"
      actions={
        <Button tone="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      {open && (
        // The dialog's own fallback while the code arrives: without it the checkout's page would.
        <Suspense fallback={<AddressListPending />}>
          <SelectDeliveryAddress onChosen={onClose} />
        </Suspense>
      )}
    </Dialog>
  );
}
