import { useId } from 'react';

import { formatRupees } from '../../../lib/money';
import { visuallyHidden } from '../../../styles/utilities.css';
import type { Bill } from '../cart-logic';
import { CART_TEXT } from '../texts';
import * as styles from './BillDetails.css';

export type Charge = 'delivery' | 'handling';

interface Props {
  bill: Bill;
  onExplain: (charge: Charge) => void;
}

/** Items total, delivery and handling charges, grand total (spec point 4) and savings against MRP. */
export function BillDetails({ bill, onExplain }: Props) {
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Bill details
      </h3>
      <table className={styles.table}>
        <tbody>
          <tr>
            <th scope="row">Items total</th>
            <td>
              {bill.mrpTotal > bill.itemsTotal && (
                <s className={styles.struck}>
                  <span className={visuallyHidden}>MRP </span>
                  {formatRupees(bill.mrpTotal)}
                </s>
              )}{' '}
              {formatRupees(bill.itemsTotal)}
            </td>
          </tr>
          <tr>
            <th scope="row">
              <span className={styles.label}>
                {CART_TEXT.deliveryChargeTitle}
                <InfoButton label="About the delivery charge" onClick={() => onExplain('delivery')} />
              </span>
            </th>
            <td>
              {bill.deliveryCharge > 0 ? formatRupees(bill.deliveryCharge) : <span className={styles.free}>FREE</span>}
            </td>
          </tr>
          <tr>
            <th scope="row">
              <span className={styles.label}>
                {CART_TEXT.handlingChargeTitle}
                <InfoButton label="About the handling charge" onClick={() => onExplain('handling')} />
              </span>
            </th>
            <td>{formatRupees(bill.handlingCharge)}</td>
          </tr>
          <tr className={styles.grandTotal}>
            <th scope="row">Grand total</th>
            <td>{formatRupees(bill.grandTotal)}</td>
          </tr>
        </tbody>
      </table>
      {bill.savings > 0 && (
        <p className={styles.savings}>
          <span>Your total savings</span> <strong>{formatRupees(bill.savings)}</strong>
        </p>
      )}
    </section>
  );
}

function InfoButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={styles.info} aria-label={label} aria-haspopup="dialog" onClick={onClick}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden focusable="false">
        <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M8 7v4.5M8 4.5v.01" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
    </button>
  );
}
