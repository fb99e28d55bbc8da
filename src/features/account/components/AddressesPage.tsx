import { Suspense } from 'react';

import { Spinner } from '../../../components/Spinner';
import { SavedAddresses } from '../../address';
import { AccountPage } from './AccountPage';

/** Saved Address (spec point 2): the address feature's list, in the account area's frame. */
export function AddressesPage() {
  return (
    <AccountPage title="Saved Address">
      <Suspense fallback={<Spinner label="Loading your addresses" />}>
        <SavedAddresses />
      </Suspense>
    </AccountPage>
  );
}
