import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';

import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { addressLine } from '../../../lib/address-line';
import { AddressListPending, OUTSIDE_AREA, addressesQueryOptions, useDeliveredTo, type Address } from '../../address';
import { CHECKOUT_TEXT } from '../constants';
import * as styles from './Checkout.css';

interface Props {
  open: boolean;
  customerId: string;
  selectedId: string | null;
  onClose: () => void;
  onSelect: (address: Address) => void;
}

/** Change the delivery address without leaving the checkout: the customer's saved addresses. */
export function AddressPicker({ open, customerId, selectedId, onClose, onSelect }: Props) {
  const addresses = useQuery({ ...addressesQueryOptions(customerId), enabled: open });
  const deliveredTo = useDeliveredTo(open ? addresses.data : undefined);
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
      {addresses.isPending ? (
        <AddressListPending waitingForConnection={addresses.fetchStatus === 'paused'} />
      ) : addresses.isError ? (
        <div className={styles.error} role="alert">
          <p>{CHECKOUT_TEXT.addressesFailed}</p>
          <Button size="sm" tone="outline" onClick={() => void addresses.refetch()}>
            Try again
          </Button>
        </div>
      ) : addresses.data.length === 0 ? (
        <p>
          {CHECKOUT_TEXT.noAddresses} <Link to="/account/address">Add an address</Link>
        </p>
      ) : (
        <>
          <ul className={styles.list} aria-label="Saved addresses">
            {addresses.data.map((address) => (
              <li key={address._id}>
                <button
                  type="button"
                  className={styles.option}
                  style={{ width: '100%', textAlign: 'left', background: 'none' }}
                  aria-pressed={address._id === selectedId}
                  onClick={() => onSelect(address)}
                >
                  <span>
                    <strong>
                      {address.tag} · {address.name}
                    </strong>
                    <br />
                    <span className={styles.muted}>{addressLine(address)}</span>
                    {deliveredTo(address)?.serviceable === false && (
                      <>
                        <br />
                        <span className={styles.outside}>{OUTSIDE_AREA}</span>
                      </>
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {/* None of them may be served: a new one is added in the address book (the cart is kept). */}
          <p>
            <Link to="/account/address">{CHECKOUT_TEXT.addAddress}</Link>
          </p>
        </>
      )}
    </Dialog>
  );
}
