import { Spinner } from '../../../components/Spinner';
import { ADDRESS_TEXT } from '../constants';

/**
 * What an address list shows while it has no addresses to show yet: that it waits for the
 * connection (never loaded on this device, and offline), else a spinner.
 */
export function AddressListPending({ waitingForConnection = false }: { waitingForConnection?: boolean }) {
  return waitingForConnection ? (
    <p role="status">{ADDRESS_TEXT.listOffline}</p>
  ) : (
    <Spinner label="Loading your addresses" />
  );
}
