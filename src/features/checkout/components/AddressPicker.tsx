import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { SelectDeliveryAddress } from '../../address';

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * Change the delivery address without leaving the checkout: the customer's saved addresses, as
 * the cart lists them, and a new one added on the map here. Choosing one closes the picker.
 */
export function AddressPicker({ open, onClose }: Props) {
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
      {open && <SelectDeliveryAddress onChosen={onClose} />}
    </Dialog>
  );
}
