import type { Serviceability } from '../../../../server/schemas/order';
import { Button } from '../../../components/Button';
import { addressLine } from '../../../lib/address-line';
import type { Address } from '../../address';
import { CHECKOUT_TEXT } from '../constants';
import * as styles from './Checkout.css';

interface Props {
  titleId: string;
  address: Address | null;
  /** The address chosen before was deleted: say so where the shopper chooses another. */
  addressGone?: boolean;
  /** Whether and when the address can be served, once the bill is worked out. */
  delivery: Serviceability | null;
  onChoose: () => void;
}

/** The delivery address card: the chosen address, its delivery estimate or refusal, Change. */
export function DeliveryAddressCard({ titleId, address, addressGone = false, delivery, onChoose }: Props) {
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHeader}>
        <h2 id={titleId} className={styles.cardTitle}>
          Delivery address
        </h2>
        <Button tone="outline" size="sm" onClick={onChoose}>
          {address ? 'Change' : 'Choose'}
        </Button>
      </div>
      {address ? (
        <p>
          <strong>
            {address.tag} · {address.name}
          </strong>
          <br />
          {addressLine(address)}
        </p>
      ) : addressGone ? (
        <p className={styles.error} role="alert">
          {CHECKOUT_TEXT.addressGone}
        </p>
      ) : (
        <p className={styles.info}>{CHECKOUT_TEXT.chooseAddress}</p>
      )}
      {delivery?.serviceable && <p className={styles.eta}>{delivery.message}</p>}
      {delivery && !delivery.serviceable && (
        <p className={styles.error} role="alert">
          {delivery.message}
        </p>
      )}
    </section>
  );
}
