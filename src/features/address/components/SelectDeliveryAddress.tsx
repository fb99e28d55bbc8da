import { useAtomValue, useSetAtom } from 'jotai';
import { Suspense, useState } from 'react';

import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { PinIcon } from '../../../components/Icons';
import { deliveryAddressAtom } from '../atoms';
import { deliverHereAtom } from '../deliver-here';
import { ADDRESS_TEXT, OUTSIDE_AREA } from '../constants';
import { useAddressBook } from '../use-address-book';
import { useDeliveredTo } from '../use-delivered-to';
import { useSaveAddress } from '../use-save-address';
import { AddressEditor } from './AddressEditor';
import type { Address } from '../types';
import { AddressListPending } from './AddressListPending';
import { AddressSummary, Banners } from './AddressParts';
import * as styles from './AddressBook.css';

/**
 * 'Select delivery address': the cart panel's view (spec point 4), whose Proceed then goes on to
 * checkout, and checkout's picker. Tapping an address makes it the delivery address
 * (`onChosen` then, e.g. to close the picker); a new one is added here, on the map, without
 * leaving the page. An address the store does not deliver to says so, before checkout would
 * refuse it; chosen, it says where the store is (the cart then offers no Proceed).
 */
export function SelectDeliveryAddress({ onChosen }: { onChosen?: () => void }) {
  return (
    <Suspense fallback={<AddressListPending />}>
      <SelectDeliveryAddressContent onChosen={onChosen} />
    </Suspense>
  );
}

function SelectDeliveryAddressContent({ onChosen }: { onChosen?: () => void }) {
  const { customerId, rows, isLoading, isWaitingForConnection, banners } = useAddressBook();
  const delivery = useAtomValue(deliveryAddressAtom);
  const setDelivery = useSetAtom(deliverHereAtom);
  const [adding, setAdding] = useState(false);
  const save = useSaveAddress(customerId);
  const saved = rows?.filter((row) => row.pending === null).map((row) => row.address);
  const deliveredTo = useDeliveredTo(rows?.map((row) => row.address));
  const chosen = rows?.find((row) => row.address._id === delivery?._id)?.address;
  const chosenAnswer = chosen && deliveredTo(chosen);
  const choose = (address: Address) => void setDelivery(address).then(onChosen);

  return (
    <div className={styles.book}>
      <Banners banners={banners} />
      <Button tone="outline" className={styles.addButton} onClick={() => setAdding(true)}>
        + {ADDRESS_TEXT.addNew}
      </Button>
      {isWaitingForConnection || isLoading ? (
        <AddressListPending waitingForConnection={isWaitingForConnection} />
      ) : rows && rows.length > 0 ? (
        <ul className={styles.list} aria-label="Your saved addresses">
          {rows.map(({ address, pending }) => {
            const outside = deliveredTo(address)?.serviceable === false;
            return (
              <li key={address._id}>
                <button
                  type="button"
                  className={styles.choice}
                  aria-pressed={delivery?._id === address._id}
                  disabled={pending !== null}
                  onClick={() => choose(address)}
                >
                  <AddressSummary
                    address={address}
                    pending={pending}
                    badge={
                      delivery?._id === address._id &&
                      !outside && <span className={styles.badge}>{ADDRESS_TEXT.deliverHere}</span>
                    }
                    note={outside && <span className={styles.outside}>{OUTSIDE_AREA}</span>}
                  />
                </button>
              </li>
            );
          })}
        </ul>
      ) : rows ? (
        <EmptyState icon={<PinIcon size={32} />} title={ADDRESS_TEXT.noAddresses} level={3} />
      ) : null}
      {/* Under the list: the addresses stay where they were when one is chosen. */}
      {chosenAnswer && !chosenAnswer.serviceable && (
        <p className={styles.outsideAlert} role="alert">
          {chosenAnswer.message}
        </p>
      )}
      <AddressEditor
        open={adding}
        address={null}
        previous={saved?.at(-1)}
        onClose={() => setAdding(false)}
        onSubmit={(draft) => {
          // The address just added is the one to deliver to, once it is saved.
          save(draft, null, choose);
          setAdding(false);
        }}
      />
    </div>
  );
}

export default SelectDeliveryAddress;
