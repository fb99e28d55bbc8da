import { ACCOUNT_TEXT } from '../constants';
import { AccountPage, EmptyState } from './AccountPage';
import { PinIcon } from './Icons';

/** Saved Address. Adding addresses (with the map picker) comes with the address feature. */
export function AddressesPage() {
  return (
    <AccountPage title="Saved Address">
      <EmptyState icon={<PinIcon size={32} />} title={ACCOUNT_TEXT.noAddresses}>
        The delivery addresses you save will be listed here, ready to pick when you order.
      </EmptyState>
    </AccountPage>
  );
}
