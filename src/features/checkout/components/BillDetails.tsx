import type { QuoteResponse } from '../../../../server/schemas/order';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { formatRupees } from '../../../lib/money';
import { ServerMessage } from '../api/quote-order';
import { CHECKOUT_TEXT } from '../constants';
import * as styles from './Checkout.css';

type Bill = QuoteResponse['data']['bill'];

interface Props {
  titleId: string;
  /** The server's bill, once worked out (the last one while a changed cart is priced again). */
  bill: Bill | undefined;
  isFetching: boolean;
  /** The bill waits for the connection (asked for while offline). */
  waitingForConnection: boolean;
  /** The bill shown is the last cart's, kept while this cart is priced. */
  previousCart: boolean;
  /** Why the bill could not be worked out, when it could not. */
  error: Error | null;
  onRetry: () => void;
}

/** The bill details card: totals, charges and what the gift card pays; or why there is none yet. */
export function BillDetails({ titleId, bill, isFetching, waitingForConnection, previousCart, error, onRetry }: Props) {
  return (
    <section className={styles.card} aria-labelledby={titleId} aria-busy={isFetching}>
      <h2 id={titleId} className={styles.cardTitle}>
        Bill details
      </h2>
      {error && !bill ? (
        <div className={styles.error} role="alert">
          <p>{error instanceof ServerMessage ? error.message : CHECKOUT_TEXT.quoteFailed}</p>
          <Button size="sm" tone="outline" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : !bill && waitingForConnection ? (
        <p className={styles.muted} role="status">
          {CHECKOUT_TEXT.billOffline}
        </p>
      ) : !bill ? (
        <Spinner label="Working out your bill" />
      ) : (
        <>
          {previousCart && waitingForConnection && (
            <p className={styles.muted} role="status">
              {CHECKOUT_TEXT.billBeforeChange}
            </p>
          )}
          <BillTable bill={bill} />
          {bill.productDiscount > 0 && (
            <p className={styles.savings}>Your total savings {formatRupees(bill.productDiscount)}</p>
          )}
        </>
      )}
    </section>
  );
}

function BillRow({ label, value, total = false }: { label: string; value: string; total?: boolean }) {
  return (
    <tr className={total ? styles.total : undefined}>
      <th scope="row" className={styles.th}>
        {label}
      </th>
      <td className={styles.td}>{value}</td>
    </tr>
  );
}

function BillTable({ bill }: { bill: Bill }) {
  return (
    <table className={styles.table}>
      <tbody>
        <BillRow label="Items total" value={formatRupees(bill.itemsTotal)} />
        <BillRow label="Delivery charge" value={bill.deliveryCharge > 0 ? formatRupees(bill.deliveryCharge) : 'FREE'} />
        <BillRow label="Handling charge" value={formatRupees(bill.handlingCharge)} />
        <BillRow label="Grand total" value={formatRupees(bill.billTotal)} total />
        {bill.giftCardPaid > 0 && (
          <>
            <BillRow label="Paid by gift card" value={`-${formatRupees(bill.giftCardPaid)}`} />
            <BillRow label="To pay" value={formatRupees(bill.toPay)} total />
          </>
        )}
      </tbody>
    </table>
  );
}
