import { useSetAtom } from 'jotai';
import { Suspense, useState } from 'react';

import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { PinIcon } from '../../../components/Icons';
import { Dialog } from '../../../components/Dialog';
import { Popover } from '../../../components/Popover';
import type { DeleteVariables } from '../api/address-mutations';
import { selectedAddressAtom } from '../book-atoms';
import { ADDRESS_TEXT } from '../constants';
import type { Address } from '../types';
import { useAddressBook, type AddressRowView } from '../use-address-book';
import { useAddressMutation } from '../use-address-mutations';
import { useSaveAddress } from '../use-save-address';
import { AddressEditor } from './AddressEditor';
import { AddressListPending } from './AddressListPending';
import { AddressSummary, Banners } from './AddressParts';
import * as styles from './AddressBook.css';

/** Saved Address (/account/address): the list with add, edit and delete (spec points 2 and 4). */
export function SavedAddresses() {
  return (
    <Suspense fallback={<AddressListPending />}>
      <SavedAddressesContent />
    </Suspense>
  );
}

function SavedAddressesContent() {
  const { customerId, rows, isLoading, isWaitingForConnection, banners } = useAddressBook();
  const setSelected = useSetAtom(selectedAddressAtom);
  // The address this tab's editor works on, fixed when it opens. The stored selectedAddress
  // (spec point 7) is shared with other tabs: one opening its own form must not turn this
  // edit into another address's edit, or into an add.
  const [editing, setEditing] = useState<Address | null>(null);
  const [editorOpen, setEditorOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Address | null>(null);
  const save = useSaveAddress(customerId);
  const { mutate: remove } = useAddressMutation<DeleteVariables>('delete');

  const openEditor = async (address: Address | null) => {
    setEditing(address);
    setEditorOpen(true);
    await setSelected(address);
  };
  const closeEditor = async () => {
    setEditorOpen(false);
    setEditing(null);
    await setSelected(null);
  };

  const saved = rows?.filter((row) => row.pending !== 'add').map((row) => row.address);

  return (
    <div className={styles.book}>
      <Banners banners={banners} />
      <Button className={styles.addButton} onClick={() => void openEditor(null)}>
        + {ADDRESS_TEXT.addNew}
      </Button>
      {isWaitingForConnection || isLoading ? (
        <AddressListPending waitingForConnection={isWaitingForConnection} />
      ) : rows && rows.length > 0 ? (
        <ul className={styles.list} aria-label="Saved addresses">
          {rows.map((row) => (
            <li key={row.address._id}>
              <AddressCard
                row={row}
                onEdit={() => void openEditor(row.address)}
                onDelete={() => setToDelete(row.address)}
              />
            </li>
          ))}
        </ul>
      ) : rows ? (
        <EmptyState icon={<PinIcon size={32} />} title={ADDRESS_TEXT.noSavedAddresses} />
      ) : null}

      <AddressEditor
        open={editorOpen}
        address={editorOpen ? editing : null}
        previous={saved?.at(-1)}
        onClose={() => void closeEditor()}
        onSubmit={(draft) => {
          save(draft, editing);
          void closeEditor();
        }}
      />

      <Dialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={ADDRESS_TEXT.deleteQuestion}
        actions={
          <>
            <Button tone="outline" onClick={() => setToDelete(null)}>
              {ADDRESS_TEXT.cancel}
            </Button>
            <Button
              className={styles.dangerButton}
              onClick={() => {
                if (toDelete && customerId) {
                  remove({ customerId, addressId: toDelete._id, label: toDelete.tag });
                }
                setToDelete(null);
              }}
            >
              {ADDRESS_TEXT.delete}
            </Button>
          </>
        }
      >
        {toDelete && <p>{[toDelete.tag, toDelete.buildingName, toDelete.locality].join(' · ')}</p>}
      </Dialog>
    </div>
  );
}

function AddressCard({ row, onEdit, onDelete }: { row: AddressRowView; onEdit: () => void; onDelete: () => void }) {
  const { address, pending } = row;
  return (
    <article className={styles.card} aria-label={`${address.tag}: ${address.buildingName}`}>
      <AddressSummary address={address} pending={pending} />
      {pending === null && (
        <Popover
          kind="menu"
          align="end"
          chevron={false}
          triggerClassName={styles.menuTrigger}
          triggerLabel={`Address options for ${address.tag}`}
          label={
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden focusable="false">
              <circle cx="12" cy="5" r="2" fill="currentColor" />
              <circle cx="12" cy="12" r="2" fill="currentColor" />
              <circle cx="12" cy="19" r="2" fill="currentColor" />
            </svg>
          }
        >
          {({ close }) => (
            <ul role="menu" className={styles.menu}>
              <li role="none">
                <button
                  type="button"
                  role="menuitem"
                  className={styles.menuItem}
                  data-autofocus
                  onClick={() => {
                    // Focus back on the options button first: the dialog hands it back there.
                    close(true);
                    onEdit();
                  }}
                >
                  {ADDRESS_TEXT.edit}
                </button>
              </li>
              <li role="none">
                <button
                  type="button"
                  role="menuitem"
                  className={styles.menuItem}
                  onClick={() => {
                    // Focus back on the options button first: the dialog hands it back there.
                    close(true);
                    onDelete();
                  }}
                >
                  {ADDRESS_TEXT.delete}
                </button>
              </li>
            </ul>
          )}
        </Popover>
      )}
    </article>
  );
}

export default SavedAddresses;
